/** Reservation plans, bookings and reception's check-in; reports register a vehicle from a booking. */
export { bookReservation, changeReservationStatus, checkIn, getReservation, loadReservation } from './bookings.js'
export { saveReservationPlan } from './plans.js'
export { reservationRoutes } from './routes.js'
