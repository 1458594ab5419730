/** How stored pictures are encoded, wherever they are decoded (attachments here, ticket photos in the OCR workers). */
export const STORED_JPEG = { quality: 88, chromaSubsampling: '4:4:4' } as const
export const THUMBNAIL_JPEG = { quality: 75 } as const
