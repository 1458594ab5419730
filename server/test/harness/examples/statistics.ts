import type { Examples, RouteExample } from './types.js'

const range = ['2024-01-01', '2024-12-31']
const days = { from: '2024-01-01', to: '2024-12-31' }
const TOWN = '110101001'

/**
 * 数据统计 (modules/statistics): B named as the base answers as missing; B's device is missing; a chart
 * asked without a base is A's alone (B's roll-up rows, healthRows, never show: its device type carries the marker).
 */
export const statisticsExamples: Examples = {
  '/api/machine/bar/month': ({ b }): RouteExample[] => [{ body: { range, companyId: b.companyId }, expect: 'otherBase' }, { body: { range }, expect: 'served' }],
  '/api/machine/line/month': ({ b }): RouteExample[] => [{ body: { range, companyId: b.companyId }, expect: 'otherBase' }, { body: { range }, expect: 'served' }],
  '/api/data/byProvince': ({ b }): RouteExample[] => [{ body: { range, companyId: b.companyId }, expect: 'otherBase' }, { body: { range }, expect: 'served' }],
  '/api/data/counts/byProvince': ({ b }): RouteExample[] => [{ body: { range, companyId: b.companyId }, expect: 'otherBase' }, { body: { range }, expect: 'served' }],
  '/api/data/byMachine/:machineId': ({ b }): RouteExample[] => [
    { params: { machineId: b.id('machine') }, body: { range }, expect: 'refused' },
    { params: { machineId: b.id('machine') }, body: { range, companyId: b.companyId }, expect: 'otherBase' },
  ],
  '/api/data/byMachineDay/:machineId': ({ b }): RouteExample[] => [
    { params: { machineId: b.id('machine') }, body: { range }, expect: 'refused' },
    { params: { machineId: b.id('machine') }, body: { range, companyId: b.companyId }, expect: 'otherBase' },
  ],
  '/api/data/allMyMachines/:from/:to': ({ b }): RouteExample[] => [{ params: days, body: { companyId: b.companyId }, expect: 'otherBase' }, { params: days, body: {}, expect: 'served' }],
  '/api/data/byTopGroups/:from/:to': ({ b }): RouteExample[] => [{ params: days, body: { companyId: b.companyId }, expect: 'otherBase' }, { params: days, body: {}, expect: 'served' }],
  '/api/data/byMeasures/:from/:to': ({ b }): RouteExample[] => [{ params: days, body: { companyId: b.companyId }, expect: 'otherBase' }, { params: days, body: {}, expect: 'served' }],
  '/api/data/dataByMeasuresException/:from/:to': ({ b }): RouteExample[] => [
    { params: days, body: { companyId: b.companyId }, expect: 'otherBase' }, { params: days, body: { granularity: 'month' }, expect: 'served' },
  ],
  '/api/data/basic/:companyId': ({ b }): RouteExample[] => [
    { params: { companyId: b.companyId }, body: { range }, expect: 'otherBase' },
    { params: { companyId: 1 }, body: { range, companyId: b.companyId }, expect: 'otherBase' },
  ],
  '/api/data/dialogByMeasuresException/:examItemId': ({ b }): RouteExample[] => [
    { params: { examItemId: 1 }, body: { range, companyId: b.companyId }, expect: 'otherBase' },
    { params: { examItemId: 1 }, body: { range, machineId: b.id('machine') }, expect: 'served' },
  ],
  '/api/data/byMachineType': ({ b }): RouteExample[] => [{ body: { range, companyId: b.companyId }, expect: 'otherBase' }, { body: { range }, expect: 'served' }],
  '/api/data/byCompany/:companyId': ({ b }): RouteExample[] => [
    { params: { companyId: b.companyId }, body: { range }, expect: 'otherBase' },
    { params: { companyId: 1 }, body: { range, companyId: b.companyId }, expect: 'otherBase' },
  ],
  '/api/data/certificate/byCompany/:companyId': ({ b }): RouteExample[] => [
    { params: { companyId: b.companyId }, body: { range }, expect: 'otherBase' },
    { params: { companyId: 1 }, body: { range, companyId: b.companyId }, expect: 'otherBase' },
  ],
  '/api/data/export/:from/:to': ({ b }): RouteExample[] => [
    { params: days, body: { companyId: b.companyId }, expect: 'otherBase' },
    { params: days, body: { machineId: b.id('machine') }, expect: 'served' },
  ],
  '/api/trace/townTrace': ({ b }): RouteExample[] => [
    { query: { townId: TOWN, range: '2024-01-01,2024-12-31', companyId: b.companyId }, expect: 'otherBase' },
    { query: { townId: TOWN, range: '2024-01-01,2024-12-31' }, expect: 'served' },
  ],
  '/api/trace/:examItemId/:townId/:score': ({ b }): RouteExample[] => [
    { params: { examItemId: 1, townId: TOWN, score: 2 }, body: { range, companyId: b.companyId }, expect: 'otherBase' },
    { params: { examItemId: 1, townId: TOWN, score: 2 }, body: { range }, expect: 'served' },
  ],
  '/api/trace/getAllTrace': ({ b }): RouteExample[] => [
    { query: { range: '2024-01-01,2024-12-31', companyId: b.companyId }, expect: 'otherBase' },
    { query: { range: '2024-01-01,2024-12-31' }, expect: 'served' },
  ],
}
