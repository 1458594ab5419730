import { HARNESS_GOODS_PHOTO, item as goodsPhoto, rePhotographed } from '../../goodsPhotos/photoKit.js'
import type { Examples } from './types.js'

const item = (picture: number) => ({
  name: '走查金镯', category: '黄金', ticketNumber: 'WALK-1', ticketPicId: picture, goodsPicIds: [picture],
  pawnTime: '2024-05-15 10:30:00', pawnName: '走查', phone: '13812345678', idNumber: '110105199003071239',
})

/** The goods registry (modules/goods): B's item, B's pictures and B named as the base answer as missing. */
export const goodsExamples: Examples = {
  '/api/goods/find': ({ b }) => [{ body: { shopId: b.companyId }, expect: 'otherBase' }, { body: { imagetext: '乙方机密ZX9' }, expect: 'served' }],
  '/api/goods/save': ({ b }) => [{ body: { ...item(b.id('picture')) }, expect: 'refused' }],
  '/api/goods/update/:id': ({ b }) => ({ params: { id: b.id('goods') }, body: { doubtable: '可疑' }, expect: 'refused' }),
  '/api/goods/delete/:id': ({ b }) => ({ params: { id: b.id('goods') }, expect: 'refused' }),
  '/api/goods/getById/:id': ({ b }) => ({ params: { id: b.id('goods') }, expect: 'refused' }),
  '/api/goods/reveal/:id': ({ b }) => ({ params: { id: b.id('goods') }, body: { field: 'idNumber' }, expect: 'refused' }),
  // B's item's photo is in the index: a new photo of it finds nothing for A
  '/api/goods/searchByPhoto': async () => ({
    form: { file: { name: 'again.jpg', type: 'image/jpeg', data: await rePhotographed(await goodsPhoto(HARNESS_GOODS_PHOTO), 7) } }, expect: 'served',
  }),
  '/api/goods/export/:companyId': ({ b }) => [{ params: { companyId: b.companyId }, expect: 'otherBase' }, { params: { companyId: b.companyId }, query: { shopId: b.companyId }, expect: 'otherBase' }],
}
