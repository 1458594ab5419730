import { ATTACHMENT_TYPES } from '@app/contract'
import sharp from 'sharp'
import type { Examples } from './types.js'

export const png = async () => ({
  name: 'walk.png', type: 'image/png',
  data: await sharp({ create: { width: 24, height: 24, channels: 3, background: '#336699' } }).png().toBuffer(),
})

/** Attachments (modules/attachments). */
export const attachmentExamples: Examples = {
  // a base picture "for" B is still A's upload, stored and counted in A
  '/api/attachments': async ({ b }) => ({
    query: { fileType: ATTACHMENT_TYPES.companyPicture, currentTargetId: b.companyId }, form: { file: await png() }, expect: 'served',
  }),
  '/api/attachments/actions/download': ({ b }) => ({ query: { id: b.id('picture') }, expect: 'refused' }),
  '/api/attachments/get/:id': ({ b }) => ({ params: { id: b.id('picture') }, expect: 'refused' }),
  '/api/attachments/:id': ({ b }) => ({ params: { id: b.id('pdf') }, expect: 'refused' }),
}
