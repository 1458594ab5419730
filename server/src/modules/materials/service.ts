import {
  formatDateTime, formatQuantity, MATERIAL_EXPORT_NAME, MATERIAL_TYPE_EXPORT_NAME, MaterialMsg,
  type Material, type MaterialBody, type MaterialQuery, type MaterialType, type MaterialTypeBody, type MaterialTypeQuery, type MaterialUpdateBody, type Page,
} from '@app/contract'
import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { materials, materialTypes } from '../../db/schema/index.js'
import { ConflictError, NotFoundError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList, type ListFilters } from '../../platform/list.js'
import { containsEach, isForeignKeyViolation, isUniqueViolation } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { logChange } from '../stock/index.js'

// ---- material types

const materialCount = sql<number>`(select count(*)::int from ${materials} where ${materials.typeId} = ${materialTypes.id})`

const typeList = (db: Executor, q: ListFilters<MaterialTypeQuery>) => listSource({
  db,
  query: () => db.select({ t: materialTypes, n: materialCount }).from(materialTypes).where(and(...containsEach(q, { name: materialTypes.name }))).$dynamic(),
  orderBy: [asc(materialTypes.name), asc(materialTypes.id)],
  map: ({ t, n }): MaterialType => ({ id: t.id, name: t.name, remark: t.remark, materialCount: Number(n), createTime: formatDateTime(t.createTime) }),
})
export const findMaterialTypes = (db: Executor, q: MaterialTypeQuery): Promise<Page<MaterialType>> => pagedList(typeList(db, q), q)
export const allMaterialTypes = (db: Executor, q: ListFilters<MaterialTypeQuery>) => allRows(typeList(db, q))
export const materialTypeExport = defineExport<MaterialType>({
  name: MATERIAL_TYPE_EXPORT_NAME, sheet: '物料类型', format: 'xlsx',
  columns: [
    { header: '类型名称', value: (r) => r.name, width: 20 },
    { header: '物料数', value: (r) => r.materialCount, width: 10 },
    { header: '备注', value: (r) => r.remark, width: 30 },
    { header: '创建时间', value: (r) => r.createTime, width: 20 },
  ],
})

async function typeRow(db: Executor, id: number): Promise<MaterialType> {
  const [row] = await db.select({ t: materialTypes, n: materialCount }).from(materialTypes).where(eq(materialTypes.id, id))
  if (!row) throw new NotFoundError(MaterialMsg.typeNotFound)
  return { id: row.t.id, name: row.t.name, remark: row.t.remark, materialCount: Number(row.n), createTime: formatDateTime(row.t.createTime) }
}

const typeConflict = (err: unknown) => {
  if (isUniqueViolation(err, 'material_type_name_unique')) throw new ConflictError(MaterialMsg.typeExists)
  throw err
}

export async function saveMaterialType(db: Executor, auth: SessionUser, body: MaterialTypeBody) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(materialTypes).values(body).returning().catch(typeConflict)
    await logChange(tx, auth, auth.companyId, `materialType-${row!.id}`, `新增物料类型“${row!.name}”`)
    return typeRow(tx, row!.id)
  })
}

export async function updateMaterialType(db: Executor, auth: SessionUser, id: number, body: MaterialTypeBody) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(materialTypes).set(body).where(eq(materialTypes.id, id)).returning().catch(typeConflict)
    if (!row) throw new NotFoundError(MaterialMsg.typeNotFound)
    await logChange(tx, auth, auth.companyId, `materialType-${id}`, `修改物料类型“${row.name}”`)
    return typeRow(tx, id)
  })
}

export async function deleteMaterialType(db: Executor, auth: SessionUser, id: number) {
  await db.transaction(async (tx) => {
    const type = await typeRow(tx, id)
    if (type.materialCount > 0) throw new ConflictError(MaterialMsg.typeInUse(type.materialCount))
    await tx.delete(materialTypes).where(eq(materialTypes.id, id)).catch((err) => {
      if (isForeignKeyViolation(err)) throw new ConflictError(MaterialMsg.typeInUse(1))
      throw err
    })
    await logChange(tx, auth, auth.companyId, `materialType-${id}`, `删除物料类型“${type.name}”`)
  })
}

// ---- materials

type MaterialRow = typeof materials.$inferSelect
const toMaterial = ({ m, typeName }: { m: MaterialRow; typeName: string | null }): Material => ({
  id: m.id, name: m.name, typeId: m.typeId, typeName: typeName ?? '', specification: m.specification, unit: m.unit,
  listPrice: m.listPrice, lowStock: formatQuantity(m.lowStock), status: m.retired ? '停用' : '在用', createTime: formatDateTime(m.createTime),
})

function materialWhere(q: ListFilters<MaterialQuery>): SQL | undefined {
  return and(
    ...containsEach(q, { name: materials.name }),
    q.typeId ? eq(materials.typeId, q.typeId) : undefined,
    q.status ? eq(materials.retired, q.status === '停用') : undefined,
  )
}

const materialList = (db: Executor, q: ListFilters<MaterialQuery>) => listSource({
  db,
  query: () => db.select({ m: materials, typeName: materialTypes.name }).from(materials)
    .leftJoin(materialTypes, eq(materialTypes.id, materials.typeId)).where(materialWhere(q)).$dynamic(),
  count: () => db.select({ id: materials.id }).from(materials).where(materialWhere(q)).$dynamic(),
  orderBy: [asc(materials.retired), asc(materials.name), asc(materials.id)],
  map: toMaterial,
})
export const findMaterials = (db: Executor, q: MaterialQuery): Promise<Page<Material>> => pagedList(materialList(db, q), q)
export const allMaterials = (db: Executor, q: ListFilters<MaterialQuery>) => allRows(materialList(db, q))
/** The materials in use, for the pickers of stock, orders and sales (every base reads them). */
export const materialOptions = async (db: Executor, q: ListFilters<MaterialQuery>) =>
  (await pagedList(materialList(db, { ...q, status: '在用' }), { page: 1, size: MATERIAL_OPTIONS_MAX })).data
const MATERIAL_OPTIONS_MAX = 1000

export const materialExport = defineExport<Material>({
  name: MATERIAL_EXPORT_NAME, sheet: '物料', format: 'xlsx',
  columns: [
    { header: '物料名称', value: (r) => r.name, width: 24 },
    { header: '物料类型', value: (r) => r.typeName, width: 14 },
    { header: '规格', value: (r) => r.specification, width: 16 },
    { header: '单位', value: (r) => r.unit, width: 8 },
    { header: '零售价（元）', value: (r) => (r.listPrice / 100).toFixed(2), width: 12 },
    { header: '库存预警值', value: (r) => r.lowStock, width: 12 },
    { header: '状态', value: (r) => r.status, width: 8 },
    { header: '创建时间', value: (r) => r.createTime, width: 20 },
  ],
})

async function materialRow(db: Executor, id: number) {
  const [row] = await db.select({ m: materials, typeName: materialTypes.name }).from(materials)
    .leftJoin(materialTypes, eq(materialTypes.id, materials.typeId)).where(eq(materials.id, id))
  if (!row) throw new NotFoundError(MaterialMsg.notFound)
  return toMaterial(row)
}

async function assertType(db: Executor, typeId: number | undefined) {
  if (typeId == null) return
  const [row] = await db.select({ id: materialTypes.id }).from(materialTypes).where(eq(materialTypes.id, typeId))
  if (!row) throw new NotFoundError(MaterialMsg.typeNotFound)
}

const materialConflict = (err: unknown) => {
  if (isUniqueViolation(err, 'material_name_spec_unique')) throw new ConflictError(MaterialMsg.exists)
  throw err
}

export async function saveMaterial(db: Executor, auth: SessionUser, body: MaterialBody): Promise<Material> {
  return db.transaction(async (tx) => {
    await assertType(tx, body.typeId)
    const [row] = await tx.insert(materials).values({ ...body, lowStock: body.lowStock ?? 0, retired: body.retired ?? false }).returning().catch(materialConflict)
    await logChange(tx, auth, auth.companyId, `material-${row!.id}`, `新增物料“${row!.name}”`)
    return materialRow(tx, row!.id)
  })
}

export async function updateMaterial(db: Executor, auth: SessionUser, id: number, body: MaterialUpdateBody): Promise<Material> {
  return db.transaction(async (tx) => {
    await assertType(tx, body.typeId)
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined))
    const [row] = Object.keys(changes).length
      ? await tx.update(materials).set(changes).where(eq(materials.id, id)).returning().catch(materialConflict)
      : await tx.select().from(materials).where(eq(materials.id, id))
    if (!row) throw new NotFoundError(MaterialMsg.notFound)
    const what = body.retired === true ? '停用' : body.retired === false ? '启用' : '修改'
    await logChange(tx, auth, auth.companyId, `material-${id}`, `${what}物料“${row.name}”`)
    return materialRow(tx, id)
  })
}

/** Whether any stock, movement, order, count or sale names the material: it is then only retired, never deleted. */
async function inUse(db: Executor, id: number) {
  const rows = await db.execute<{ used: boolean }>(sql`select exists (select 1 from company_material where material_id = ${id})
    or exists (select 1 from stock_movement where material_id = ${id})
    or exists (select 1 from supply_order_line where material_id = ${id})
    or exists (select 1 from stock_take_line where material_id = ${id})
    or exists (select 1 from sale_line where material_id = ${id}) as used`)
  return Boolean(rows.rows[0]?.used)
}

export async function deleteMaterial(db: Executor, auth: SessionUser, id: number) {
  await db.transaction(async (tx) => {
    const material = await materialRow(tx, id)
    if (await inUse(tx, id)) throw new ConflictError(MaterialMsg.inUse)
    await tx.delete(materials).where(eq(materials.id, id)).catch((err) => {
      if (isForeignKeyViolation(err)) throw new ConflictError(MaterialMsg.inUse)
      throw err
    })
    await logChange(tx, auth, auth.companyId, `material-${id}`, `删除物料“${material.name}”`)
  })
}

