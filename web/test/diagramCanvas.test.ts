/** What the diagram screen refuses before it sends a canvas (the server checks again with the same function). */
import { describe, expect, it } from 'vitest'
import { DIAGRAM_MAX_DEPTH, DIAGRAM_MAX_VALUES, diagramCanvasText, DiagramMsg, jsonTooComplex } from '@app/contract'

/** `objects` holding arrays nested `depth` deep: the canvas is 1 level, so the whole is depth + 1. */
const nested = (depth: number) => `{"objects":${'['.repeat(depth)}${']'.repeat(depth)}}`

describe('diagramCanvasText', () => {
  it('keeps a canvas as fabric writes it, as text and as the object', () => {
    const canvas = { version: '7.4.0', objects: [{ type: 'Path', path: [['M', 0, 0], ['Q', 1.5, 2.25, 3, 4]], data: { kind: 'pen' } }] }
    expect(diagramCanvasText(canvas)).toEqual({ text: JSON.stringify(canvas), canvas })
    expect(diagramCanvasText(JSON.stringify(canvas))).toEqual({ text: JSON.stringify(canvas), canvas })
  })

  it('refuses a canvas nested past DIAGRAM_MAX_DEPTH, as text and as an object too deep for JSON.stringify', () => {
    const refused = { error: 'tooComplex', message: DiagramMsg.tooComplex }
    expect(diagramCanvasText(nested(20_000))).toEqual(refused)
    expect(diagramCanvasText(JSON.parse(nested(20_000)) as Record<string, unknown>)).toEqual(refused)
    expect(diagramCanvasText(nested(DIAGRAM_MAX_DEPTH))).toEqual(refused)
    expect(diagramCanvasText(nested(DIAGRAM_MAX_DEPTH - 1))).toHaveProperty('text')
  })

  it('refuses a canvas of more than DIAGRAM_MAX_VALUES values: the canvas, `objects`, its array and what is in it', () => {
    const zeros = (n: number) => `{"objects":[${Array(n).fill('0').join(',')}]}`
    expect(diagramCanvasText(zeros(DIAGRAM_MAX_VALUES - 3))).toHaveProperty('text')
    expect(diagramCanvasText(zeros(DIAGRAM_MAX_VALUES - 2))).toEqual({ error: 'tooComplex', message: DiagramMsg.tooComplex })
  })

  it('says which message goes with each refusal', () => {
    expect(diagramCanvasText('not json')).toEqual({ error: 'invalid', message: DiagramMsg.invalid })
    expect(diagramCanvasText('[1,2]')).toEqual({ error: 'invalid', message: DiagramMsg.invalid })
  })
})

describe('jsonTooComplex', () => {
  it('counts objects, arrays, keys, strings, numbers and words, and nothing inside a string', () => {
    const text = '{"a": [1, -2.5e+3, true, null, "x"], "b": {"c": "[[[{{{\\\\\\"]]]"}}'
    expect(JSON.parse(text)).toBeTruthy()
    // { "a" [ 1 -2.5e+3 true null "x" "b" { "c" "…": 12 values, 2 deep
    expect(jsonTooComplex(text, 2, 12)).toBe(false)
    expect(jsonTooComplex(text, 1, 12)).toBe(true)
    expect(jsonTooComplex(text, 2, 11)).toBe(true)
  })

  it('finds a string’s end past escaped quotes and backslashes', () => {
    // the strings hold \" and \\ ; a bracket after a string ending in \\ is outside it
    expect(jsonTooComplex('["a\\"[[[", "b\\\\", [[1]]]', 3, 100)).toBe(false)
    expect(jsonTooComplex('["a\\"[[[", "b\\\\", [[1]]]', 2, 100)).toBe(true)
  })
})
