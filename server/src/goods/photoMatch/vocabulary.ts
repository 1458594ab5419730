/**
 * The visual vocabulary: a tree of ORB descriptor centres (`branching` children a node, `depth`
 * levels), trained once from the development photos (bench/goods-photo/train-vocabulary.ts) and
 * committed as vocabulary.bin. A descriptor's word is the leaf reached by walking down to the
 * nearest centre (Hamming distance) at each level: branching^depth words.
 *
 * File: "GPV1", branching (u8), depth (u8), 2 zero bytes, then the centres level by level (level 1
 * first), DESCRIPTOR_BYTES each; the children of node i of a level are i*branching … of the next.
 */
import fs from 'node:fs'
import { DESCRIPTOR_BYTES } from './features.js'

export interface Vocabulary {
  branching: number
  depth: number
  /** centres of each level, as 32-bit words (DESCRIPTOR_BYTES / 4 a centre) */
  levels: Uint32Array[]
}

const MAGIC = 'GPV1'
const WORDS_PER_DESCRIPTOR = DESCRIPTOR_BYTES / 4

export function vocabularySize(v: Vocabulary) {
  return v.branching ** v.depth
}

export function encodeVocabulary(v: Vocabulary): Buffer {
  const header = Buffer.alloc(8)
  header.write(MAGIC, 0, 'latin1')
  header[4] = v.branching
  header[5] = v.depth
  return Buffer.concat([header, ...v.levels.map((l) => Buffer.from(l.buffer, l.byteOffset, l.byteLength))])
}

export function decodeVocabulary(bytes: Buffer): Vocabulary {
  if (bytes.toString('latin1', 0, 4) !== MAGIC) throw new Error('not a goods photo vocabulary')
  const branching = bytes[4]!
  const depth = bytes[5]!
  const levels: Uint32Array[] = []
  let at = 8
  for (let l = 1; l <= depth; l++) {
    const n = branching ** l * WORDS_PER_DESCRIPTOR
    // copied: the file's buffer need not be 4-byte aligned
    levels.push(new Uint32Array(new Uint8Array(bytes.subarray(at, at + n * 4)).buffer))
    at += n * 4
  }
  if (at !== bytes.length) throw new Error('goods photo vocabulary has the wrong length')
  return { branching, depth, levels }
}

export function readVocabulary(file: string | URL): Vocabulary {
  return decodeVocabulary(fs.readFileSync(file))
}

export function popcount(x: number) {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** Hamming distance between descriptor `i` of `a` and centre `j` of `b` (both as 32-bit words). */
export function hamming(a: Uint32Array, i: number, b: Uint32Array, j: number) {
  let d = 0
  const ai = i * WORDS_PER_DESCRIPTOR
  const bj = j * WORDS_PER_DESCRIPTOR
  for (let w = 0; w < WORDS_PER_DESCRIPTOR; w++) d += popcount(a[ai + w]! ^ b[bj + w]!)
  return d
}

/** Descriptors (DESCRIPTOR_BYTES each) as 32-bit words, copied when not aligned. */
export function asWords(descriptors: Uint8Array): Uint32Array {
  const aligned = descriptors.byteOffset % 4 === 0 ? descriptors : new Uint8Array(descriptors)
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4)
}

/** The word of each descriptor. */
export function quantize(v: Vocabulary, descriptors: Uint8Array): Uint32Array {
  const d = asWords(descriptors)
  const n = d.length / WORDS_PER_DESCRIPTOR
  const words = new Uint32Array(n)
  for (let i = 0; i < n; i++) {
    let node = 0
    for (let l = 0; l < v.depth; l++) {
      const first = node * v.branching
      let best = first
      let bestD = Infinity
      for (let c = first; c < first + v.branching; c++) {
        const dist = hamming(d, i, v.levels[l]!, c)
        if (dist < bestD) {
          bestD = dist
          best = c
        }
      }
      node = best
    }
    words[i] = node
  }
  return words
}
