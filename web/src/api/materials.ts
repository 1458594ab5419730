/** 物料类型 and 物料 (headquarters' reference data): server module materials (server/src/modules/materials/routes.ts). */
import {
  MATERIAL_EXPORT_NAME, MATERIAL_TYPE_EXPORT_NAME,
  type Material, type MaterialBody, type MaterialQuery, type MaterialType, type MaterialTypeBody, type MaterialTypeQuery, type MaterialUpdateBody,
} from '@app/contract'
import { download, http, type RequestOptions } from './request'
import { resourceCalls } from './resource'

type Filters<Q> = Omit<Q, 'page' | 'size' | 'pageNo' | 'pageSize'>

/**
 * What a save or an update sends: the contract's body with the threshold as decimal text ('12.5'), the
 * quantity schema's input (its parsed value, in `MaterialBody`, is thousandths).
 */
export type MaterialSend = Omit<MaterialBody, 'lowStock'> & { lowStock?: string }
export type MaterialUpdateSend = Omit<MaterialUpdateBody, 'lowStock'> & { lowStock?: string }

export const { find: findMaterialTypes, save: saveMaterialType, update: updateMaterialType, remove: deleteMaterialType } =
  resourceCalls<MaterialType, MaterialTypeBody, MaterialTypeQuery>('materialType')

/** Every material type (up to 1000), for the pickers. */
export const allMaterialTypes = (opts?: RequestOptions) => http.post<MaterialType[]>('/materialType/findCenter', {}, opts)

export const exportMaterialTypes = (companyId: number, q: Filters<MaterialTypeQuery> = {}, opts?: RequestOptions) =>
  download(`/materialType/export/${companyId}`, { filename: `${MATERIAL_TYPE_EXPORT_NAME}.xlsx`, ...opts, params: { name: q.name } })

export const { find: findMaterials, save: saveMaterial, remove: deleteMaterial } = resourceCalls<Material, MaterialSend, MaterialQuery>('material')

/** Changes the fields sent (停用 / 启用 send `retired` alone). */
export const updateMaterial = (id: number, body: MaterialUpdateSend, opts?: RequestOptions) => http.put<Material>(`/material/update/${id}`, body, opts)

export const exportMaterials = (companyId: number, q: Filters<MaterialQuery> = {}, opts?: RequestOptions) =>
  download(`/material/export/${companyId}`, { filename: `${MATERIAL_EXPORT_NAME}.xlsx`, ...opts, params: { name: q.name, typeId: q.typeId, status: q.status } })

/** The materials in use (up to 1000), for the stock screens' pickers; every base may read them. */
export const materialOptions = (opts?: RequestOptions) => http.post<Material[]>('/material/options', {}, opts)
