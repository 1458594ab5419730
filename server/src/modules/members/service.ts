import {
  ageOfIdNumber, birthdayOfIdNumber, formatDateTime, MEMBER_EXPORT_NAME, MemberMsg, maskIdNumber, maskPhone, mayRevealPersonalData, sexOfIdNumber,
  type Member, type MemberBody, type MemberGroup, type MemberPersonalField, type MemberQuery, type MemberUpdateBody, type Page, type Paging, type Sex,
} from '@app/contract'
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, testeeGroups, testees, users } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { containsEach, isForeignKeyViolation, isUniqueViolation, withinRange } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertInScope, inCompanyScope, ownerCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'
import { writeLog } from '../logs/index.js'

type Row = typeof testees.$inferSelect
const today = () => formatDateTime(new Date()).slice(0, 10)

/** Lists, exports and the detail show the ID number and phone masked; `revealMember` gives one in full. */
const toMember = (now: string) => ({ t, department, companyName }: { t: Row; department: string | null; companyName: string | null }): Member => ({
  id: t.id, companyId: t.companyId, companyName: companyName ?? '', departmentId: t.groupId, department: department ?? '',
  name: t.name, sex: t.sex as Sex, nation: t.nation ?? '', idNo: maskIdNumber(t.idNo, 1),
  age: ageOfIdNumber(t.idNo, now), birthday: birthdayOfIdNumber(t.idNo),
  workUnit: t.workUnit ?? '', job: t.job ?? '', workUnitAndJob: t.workUnitAndJob ?? '', phone: maskPhone(t.phone), remarks: t.remarks ?? '',
  createTime: formatDateTime(t.createTime), updateTime: formatDateTime(t.updateTime),
})

type Filters = Omit<MemberQuery, 'page' | 'size' | 'pageNo' | 'pageSize'>

function where(auth: SessionUser, q: Filters): SQL | undefined {
  return and(
    inCompanyScope(auth, testees.companyId, q.companyId),
    q.groupId ? eq(testees.groupId, q.groupId) : undefined,
    ...containsEach(q, { name: testees.name }),
    // lists show these masked: a filter matches the whole number only, or counting what a part finds would spell it out
    q.idNo ? eq(testees.idNo, q.idNo.toUpperCase()) : undefined,
    q.phone ? eq(testees.phone, q.phone) : undefined,
    q.sex ? eq(testees.sex, q.sex) : undefined,
    withinRange(testees.createTime, q.createTimeQuery as (string | null)[] | undefined),
  )
}

const memberList = (db: Executor, auth: SessionUser, q: Filters) => listSource({
  db,
  query: () => db.select({ t: testees, department: testeeGroups.name, companyName: companies.name }).from(testees)
    .leftJoin(testeeGroups, eq(testeeGroups.id, testees.groupId))
    .leftJoin(companies, eq(companies.id, testees.companyId)).where(where(auth, q)).$dynamic(),
  count: () => db.select({ id: testees.id }).from(testees).where(where(auth, q)).$dynamic(),
  orderBy: [desc(testees.createTime), desc(testees.id)],
  map: toMember(today()),
})

export const findMembers = (db: Executor, auth: SessionUser, q: MemberQuery): Promise<Page<Member>> => pagedList(memberList(db, auth, q), q)
export const allMembers = (db: Executor, auth: SessionUser, q: Filters) => allRows(memberList(db, auth, q))

async function ownGroup(db: Executor, auth: SessionUser, id: number) {
  const [group] = await db.select().from(testeeGroups).where(eq(testeeGroups.id, id))
  if (!group) throw new NotFoundError(MemberMsg.groupNotFound)
  assertInScope(auth, group.companyId, MemberMsg.groupNotFound)
  return group
}

/** The members of one department (`/testee/memberList/{id}`), paged like the list. */
export async function membersOfGroup(db: Executor, auth: SessionUser, groupId: number, paging: Paging): Promise<Page<Member>> {
  const group = await ownGroup(db, auth, groupId)
  return pagedList(memberList(db, auth, { groupId, companyId: group.companyId }), paging)
}

/** The departments the caller may see, with how many members each has. */
export async function memberGroups(db: Executor, auth: SessionUser, companyId?: number): Promise<MemberGroup[]> {
  const rows = await db.select({ id: testeeGroups.id, companyId: testeeGroups.companyId, name: testeeGroups.name, memberCount: count(testees.id) })
    .from(testeeGroups).leftJoin(testees, eq(testees.groupId, testeeGroups.id))
    .where(inCompanyScope(auth, testeeGroups.companyId, companyId))
    .groupBy(testeeGroups.id).orderBy(asc(testeeGroups.name)).limit(1000)
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }))
}

export const memberExport = defineExport<Member>({
  name: MEMBER_EXPORT_NAME, sheet: '会员', format: 'xlsx',
  columns: [
    { header: '姓名', value: (r) => r.name, width: 12 },
    { header: '性别', value: (r) => r.sex, width: 6 },
    { header: '年龄', value: (r) => r.age, width: 6 },
    { header: '出生日期', value: (r) => r.birthday, width: 12 },
    { header: '民族', value: (r) => r.nation, width: 10 },
    { header: '部门', value: (r) => r.department, width: 16 },
    { header: '手机号', value: (r) => r.phone, width: 14 },
    { header: '身份证号', value: (r) => r.idNo, width: 22 },
    { header: '工作单位', value: (r) => r.workUnit, width: 20 },
    { header: '职务', value: (r) => r.job, width: 12 },
    { header: '备注', value: (r) => r.remarks, width: 20 },
    { header: '所属基地', value: (r) => r.companyName, width: 22 },
    { header: '登记时间', value: (r) => r.createTime, width: 20 },
  ],
})

async function ownMember(db: Executor, auth: SessionUser, id: number) {
  const [row] = await db.select().from(testees).where(eq(testees.id, id))
  if (!row) throw new NotFoundError(MemberMsg.notFound)
  assertInScope(auth, row.companyId, MemberMsg.notFound)
  return row
}

async function withNames(db: Executor, row: Row) {
  const [names] = await db.select({ department: testeeGroups.name, companyName: companies.name }).from(companies)
    .leftJoin(testeeGroups, eq(testeeGroups.id, row.groupId ?? 0)).where(eq(companies.id, row.companyId))
  return toMember(today())({ t: row, department: names?.department ?? null, companyName: names?.companyName ?? null })
}

export const getMember = async (db: Executor, auth: SessionUser, id: number) => withNames(db, await ownMember(db, auth, id))

/** The department of that name in the base, made when new; null for none. */
async function groupNamed(tx: Executor, companyId: number, name: string | null | undefined) {
  if (!name) return null
  await tx.insert(testeeGroups).values({ companyId, name }).onConflictDoNothing()
  const [group] = await tx.select({ id: testeeGroups.id }).from(testeeGroups).where(and(eq(testeeGroups.companyId, companyId), eq(testeeGroups.name, name)))
  return group!.id
}

/** The sex the ID number says; one given must agree with it. */
function sexFor(idNo: string, given: Sex | undefined): Sex {
  const fromId = sexOfIdNumber(idNo)
  if (given && given !== fromId) throw new ValidationError(MemberMsg.sexMismatch(fromId))
  return fromId
}

const duplicateIdNo = (err: unknown) => (isUniqueViolation(err, 'testee_company_id_no_uq') ? new ConflictError(MemberMsg.duplicateIdNo) : err)

export async function saveMember(db: Executor, auth: SessionUser, body: MemberBody): Promise<Member> {
  const companyId = ownerCompany(auth, body.companyId)
  const sex = sexFor(body.idNo, body.sex)
  try {
    return await db.transaction(async (tx) => {
      await assertCompanyExists(tx, companyId)
      const { companyId: _c, department, ...fields } = body
      const [row] = await tx.insert(testees).values({ ...fields, sex, companyId, groupId: await groupNamed(tx, companyId, department) }).returning()
      return withNames(tx, row!)
    })
  } catch (err) {
    throw duplicateIdNo(err)
  }
}

/** Changes the fields sent; the sex follows a new ID number unless one is given, which must agree. */
export async function updateMember(db: Executor, auth: SessionUser, body: MemberUpdateBody): Promise<Member> {
  try {
    return await db.transaction(async (tx) => {
      const old = await ownMember(tx, auth, body.id)
      const { id, department, ...fields } = body
      const sex = body.sex !== undefined || body.idNo !== undefined ? sexFor(body.idNo ?? old.idNo, body.sex) : undefined
      const [row] = await tx.update(testees).set({
        ...fields, ...(sex && { sex }),
        ...(department !== undefined && { groupId: await groupNamed(tx, old.companyId, department) }),
        updateTime: new Date(),
      }).where(eq(testees.id, id)).returning()
      return withNames(tx, row!)
    })
  } catch (err) {
    throw duplicateIdNo(err)
  }
}

export async function deleteMember(db: Executor, auth: SessionUser, id: number) {
  try {
    const deleted = await db.delete(testees).where(and(eq(testees.id, id), inCompanyScope(auth, testees.companyId))).returning({ id: testees.id })
    if (!deleted.length) throw new NotFoundError(MemberMsg.notFound)
  } catch (err) {
    // the readings (and the day's counts made of them) keep the member
    if (isForeignKeyViolation(err)) throw new ConflictError(MemberMsg.hasMeasurements)
    throw err
  }
}

/**
 * One member's ID number or phone in full, for the roles allowed (REVEAL_ROLES, contract/personalData.ts);
 * each reveal is written to the operation log: who, which member and field (the entry's time is when).
 */
export async function revealMember(db: Executor, auth: Auth, id: number, field: MemberPersonalField): Promise<{ value: string }> {
  if (!mayRevealPersonalData(auth.role.nickName)) throw new ForbiddenError(MemberMsg.revealForbidden)
  const row = await ownMember(db, auth, id)
  const [user] = await db.select({ phone: users.phone, name: users.name }).from(users).where(eq(users.id, auth.userId))
  await writeLog(db, {
    companyId: row.companyId, level: 0, phone: user?.phone ?? null, serialNumber: `testee-${row.id}`,
    errorMes: `${user?.name ?? `用户${auth.userId}`}${MemberMsg.revealLog(field, row.id, row.name)}`,
  })
  return { value: row[field] ?? '' }
}
