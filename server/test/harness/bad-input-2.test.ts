/** Bad input on every third API route (see badInput.ts), starting at the second. */
import { badInputShard } from './badInput.js'

await badInputShard(2)
