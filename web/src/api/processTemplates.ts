/**
 * 车辆类型 / 非流程模板 (process templates): server module processTemplates (server/src/modules/processTemplates/routes.ts),
 * `/model/*` for the vehicle types and `/indicatorOut/*` for the non-process templates.
 */
import {
  TEMPLATE_EXPORT_NAME, type ProcessTemplate, type ProcessTemplateDetail, type TemplateBody, type TemplateFilters,
  type TemplateOption, type TemplateQuery, type TemplateVersion, type TemplateVersionSummary,
} from '@app/contract'
import { download, http, type RequestOptions } from './request'
import { resourceCalls } from './resource'

/** The calls of one kind of template: vehicle types (isOut false) or non-process templates. */
export function templateCalls(isOut: boolean) {
  const path = isOut ? 'indicatorOut' : 'model'
  const { find, save, update, remove } = resourceCalls<ProcessTemplate, TemplateBody, TemplateQuery>(path)
  return {
    find,
    save: save as (body: TemplateBody, opts?: RequestOptions) => Promise<ProcessTemplateDetail>,
    update: update as (id: number, body: TemplateBody, opts?: RequestOptions) => Promise<ProcessTemplateDetail>,
    remove,
    /** the template with its current version's steps (what the editor opens) */
    get: (id: number, opts?: RequestOptions) => http.get<ProcessTemplateDetail>(`/${path}/get/${id}`, undefined, opts),
    versions: (id: number, opts?: RequestOptions) => http.get<TemplateVersionSummary[]>(`/${path}/versions/${id}`, undefined, opts),
    version: (versionId: number, opts?: RequestOptions) => http.get<TemplateVersion>(`/${path}/version/${versionId}`, undefined, opts),
    exportList: (companyId: number, q: TemplateFilters = {}, opts?: RequestOptions) =>
      download(`/${path}/export/${companyId}`, { filename: `${isOut ? '非流程' : ''}${TEMPLATE_EXPORT_NAME}.xlsx`, ...opts, params: { name: q.name } }),
  }
}
export type TemplateCalls = ReturnType<typeof templateCalls>

/** Every current template (the start-inspection dialog's vehicle type list). */
export const templateOptions = (opts?: RequestOptions) => http.get<TemplateOption[]>('/model/options', undefined, opts)
