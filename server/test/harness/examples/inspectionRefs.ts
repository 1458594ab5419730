import type { Examples, RouteExample } from './types.js'

/**
 * Inspection reference data (modules/processTemplates, indicators, stationGroups): every write and list is
 * headquarters' only, so a base user holding every permission is refused (403 headquarters only);
 * the option lists for starting an inspection and changing station are served for A's own base.
 */
const template = { name: '走查模板', steps: [{ name: '走查步骤', items: [{ name: '走查项', kind: 'text' }] }] }
const refused = (e: Omit<RouteExample, 'expect'> = {}): RouteExample => ({ ...e, expect: 'refused' })

const templateExamples = (path: string): Examples => ({
  [`${path}/find`]: () => refused({ body: { name: '走查' } }),
  [`${path}/findCenter`]: () => refused({ body: {} }),
  [`${path}/save`]: () => refused({ body: template }),
  [`${path}/update/:id`]: () => refused({ params: { id: 1 }, body: template }),
  [`${path}/delete/:id`]: () => refused({ params: { id: 1 } }),
  [`${path}/export/:companyId`]: ({ b }) => refused({ params: { companyId: b.companyId } }),
  [`${path}/get/:id`]: () => refused({ params: { id: 1 } }),
  [`${path}/versions/:id`]: () => refused({ params: { id: 1 } }),
  [`${path}/version/:versionId`]: () => refused({ params: { versionId: 1 } }),
})

export const inspectionRefExamples: Examples = {
  ...templateExamples('/api/model'),
  ...templateExamples('/api/indicatorOut'),
  '/api/model/options': () => ({ expect: 'served' }),
  '/api/indicator/find': () => refused({ body: { name: '走查' } }),
  '/api/indicator/findCenter': () => refused({ body: {} }),
  '/api/indicator/save': () => refused({ body: { name: '走查指标', kind: 'pass_fail' } }),
  '/api/indicator/update/:id': () => refused({ params: { id: 1 }, body: { name: '走查指标', kind: 'pass_fail' } }),
  '/api/indicator/delete/:id': () => refused({ params: { id: 1 } }),
  '/api/indicator/export/:companyId': ({ b }) => refused({ params: { companyId: b.companyId } }),
  '/api/groups/find': ({ b }) => refused({ body: { companyId: b.companyId } }),
  '/api/groups/findCenter': ({ b }) => refused({ body: { companyId: b.companyId } }),
  '/api/groups/save': ({ b }) => refused({ body: { name: '走查分组', companyId: b.companyId, stations: [{ name: '走查工位' }] } }),
  '/api/groups/update/:id': ({ b }) => refused({ params: { id: b.id('stationGroup') }, body: { name: '走查分组', companyId: b.companyId, stations: [{ id: b.id('station'), name: '改名' }] } }),
  '/api/groups/delete/:id': ({ b }) => refused({ params: { id: b.id('stationGroup') } }),
  '/api/groups/export/:companyId': ({ b }) => refused({ params: { companyId: b.companyId }, query: { companyId: b.companyId } }),
  '/api/groups/stations': ({ b }) => [{ query: { companyId: b.companyId }, expect: 'otherBase' }, { expect: 'served' }],
}
