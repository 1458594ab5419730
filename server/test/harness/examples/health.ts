import { idCheckChar } from '@app/contract'
import ExcelJS from 'exceljs'
import { XLSX_TYPE } from '../../../src/platform/download.js'
import type { Examples, RouteExample } from './types.js'

const activity = (extra: object = {}) => ({
  title: '走查活动', place: '走查广场', organizer: '走查单位', startTime: '2024-05-01 08:00:00', endTime: '2024-05-01 17:00:00', content: '<p>走查</p>', ...extra,
})
const member = (extra: object = {}) => ({ name: '走查会员', idNo: '11010519491231002X', nation: '汉族', department: '走查部门', ...extra })

async function importFile() {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('会员')
  const first17 = '11010519850612345'
  sheet.addRow(['姓名', '身份证号'])
  sheet.addRow(['走查导入', `${first17}${idCheckChar(first17)}`])
  return { name: 'members.xlsx', type: XLSX_TYPE, data: Buffer.from(await book.xlsx.writeBuffer()) }
}

/**
 * Activities (modules/activities) and members (modules/members): B's rows, B's picture and B named as
 * the base answer as missing; A's own lists are served without anything of B.
 */
export const healthExamples: Examples = {
  '/api/active/list': ({ b }): RouteExample[] => [{ query: { companyId: b.companyId }, expect: 'otherBase' }, { query: { title: '乙方' }, expect: 'served' }],
  '/api/active/:id': ({ b }, method) => (method === 'GET'
    ? [{ params: { id: b.id('activity') }, expect: 'refused' }]
    : [
      { params: { id: b.id('activity') }, body: { remove: true }, expect: 'refused' },
      { params: { id: b.id('activity') }, body: activity(), expect: 'refused' },
      { params: { id: b.id('activity') }, body: activity({ companyId: b.companyId }), expect: 'otherBase' },
    ]),
  '/api/active': ({ b }) => [
    { body: activity({ companyId: b.companyId }), expect: 'otherBase' },
    { body: activity({ picture: b.id('picture') }), expect: 'refused' },
  ],

  '/api/testee/find': ({ b }) => [
    { body: { companyId: b.companyId }, expect: 'otherBase' },
    { query: { groupId: b.id('testeeGroup') }, body: {}, expect: 'served' },
  ],
  '/api/testee/memberList/:id': ({ b }) => ({ params: { id: b.id('testeeGroup') }, expect: 'refused' }),
  '/api/testee/get/getUser': ({ b }) => ({ query: { id: b.id('testee') }, expect: 'refused' }),
  '/api/testee/delete/:id': ({ b }) => ({ params: { id: b.id('testee') }, expect: 'refused' }),
  '/api/testee/saveNew': ({ b }) => ({ body: member({ companyId: b.companyId }), expect: 'otherBase' }),
  '/api/testee/update': ({ b }) => ({ body: { id: b.id('testee'), remarks: '走查' }, expect: 'refused' }),
  '/api/testee/reveal/:id': ({ b }) => ({ params: { id: b.id('testee') }, body: { field: 'idNo' }, expect: 'refused' }),
  '/api/testee/groups': ({ b }): RouteExample[] => [{ query: { companyId: b.companyId }, expect: 'otherBase' }, { expect: 'served' }],
  '/api/testee/import/template': () => ({ expect: 'served' }),
  '/api/testee/import': async ({ b }) => ({ query: { companyId: b.companyId }, form: { file: await importFile() }, expect: 'otherBase' }),
  '/api/testee/export/:companyId': ({ b }) => [
    { params: { companyId: b.companyId }, expect: 'otherBase' },
    { params: { companyId: b.companyId }, query: { companyId: b.companyId }, expect: 'otherBase' },
  ],
}
