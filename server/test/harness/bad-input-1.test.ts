/** Bad input on every third API route (see badInput.ts), starting at the first. */
import { badInputShard } from './badInput.js'

await badInputShard(1)
