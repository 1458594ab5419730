/**
 * A base's allowances (spec 001 §8): upload times and seats, the counters recharges move, and the
 * charged upload that takes one upload time for a photo and gives it back when the work fails.
 * No routes: recharges, bases and users show and change them.
 */
export { chargedUpload } from './chargedUpload.js'
export { assertSeatLeft, counters, lockCompany, lockSeats, moveCounter, seatsUsed } from './service.js'
