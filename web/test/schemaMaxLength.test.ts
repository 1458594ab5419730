/** Form inputs stop at the server's own length limit (components/zodRule schemaMaxLength). */
import { describe, expect, it } from 'vitest'
import { companySaveBody, logBody, receiptFormatBody } from '@app/contract'
import { schemaMaxLength } from '../src/components/zodRule'

describe('schemaMaxLength', () => {
  it('reads the limit of a required text', () => {
    expect(schemaMaxLength(companySaveBody.shape.name)).toBe(100)
    expect(schemaMaxLength(logBody.shape.errorMes)).toBe(2000)
  })

  it('reads the limit through an optional text\'s preprocess and nullable wrappers', () => {
    expect(schemaMaxLength(logBody.shape.serialNumber)).toBe(64)
    expect(schemaMaxLength(receiptFormatBody.shape.excludeKeywords)).toBe(500)
  })

  it('states none where the schema has none', () => {
    expect(schemaMaxLength(companySaveBody.shape.phone)).toBeUndefined()
    expect(schemaMaxLength(receiptFormatBody.shape.rankcom)).toBeUndefined()
  })
})
