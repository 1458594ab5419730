import {
  MEMBER_IMPORT_COLUMNS, MEMBER_IMPORT_MAX_ROWS, MEMBER_IMPORT_SHEETS, memberBody, memberImportHelp, MemberImportMsg, MemberMsg, NATIONS, sexOfIdNumber,
  type MemberImportResult, type MemberImportRowError,
} from '@app/contract'
import { and, eq, inArray } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type { Executor } from '../../db/client.js'
import { testeeGroups, testees } from '../../db/schema/index.js'
import type { FileJobs } from '../../files/jobs.js'
import { ConflictError, ValidationError } from '../../platform/errors.js'
import { isUniqueViolation } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { isHeadquarters, ownerCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'

const [NAME, ID_NO, NATION, DEPARTMENT, PHONE, WORK_UNIT, JOB, REMARKS] = MEMBER_IMPORT_COLUMNS
const FIELDS = { name: NAME, idNo: ID_NO, nation: NATION, department: DEPARTMENT, phone: PHONE, workUnit: WORK_UNIT, job: JOB, remarks: REMARKS } as const

/** The template: the columns as text cells (an ID number typed in stays whole), 民族 picked from a list, and a sheet of instructions. */
export async function memberImportTemplate(auth: SessionUser): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet(MEMBER_IMPORT_SHEETS.members)
  sheet.columns = MEMBER_IMPORT_COLUMNS.map((c) => ({ header: c, key: c, width: c === ID_NO ? 22 : c === WORK_UNIT || c === REMARKS ? 24 : 14, style: { numFmt: '@' } }))
  sheet.getRow(1).font = { bold: true }
  const nations = book.addWorksheet(MEMBER_IMPORT_SHEETS.nations)
  for (const n of NATIONS) nations.addRow([n])
  const column = String.fromCharCode(65 + MEMBER_IMPORT_COLUMNS.indexOf(NATION))
  ;(sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(
    `${column}2:${column}${MEMBER_IMPORT_MAX_ROWS + 1}`,
    { type: 'list', allowBlank: true, formulae: [`${MEMBER_IMPORT_SHEETS.nations}!$A$1:$A$${NATIONS.length}`], showErrorMessage: true, error: '请从列表中选择民族' },
  )
  const help = book.addWorksheet(MEMBER_IMPORT_SHEETS.help)
  help.columns = [{ width: 110 }]
  for (const line of memberImportHelp(isHeadquarters(auth))) help.addRow([line])
  return Buffer.from(await book.xlsx.writeBuffer())
}

/** The sheet's data rows by field, blank rows left out; a sheet without the template's required columns is refused. */
async function readRows(fileJobs: FileJobs, file: Buffer) {
  const [head, ...body] = await fileJobs.run('readFirstSheet', {
    file,
    options: { maxRows: MEMBER_IMPORT_MAX_ROWS + 1, messages: { invalid: MemberImportMsg.fileType, tooManyRows: MemberImportMsg.tooManyRows } },
  })
  if (!head) throw new ValidationError(MemberImportMsg.empty)
  const header = new Map<string, number>()
  head.cells.forEach((text, i) => { if (text) header.set(text.replace(/[*＊\s]/g, ''), i) })
  for (const required of [NAME, ID_NO]) if (!header.has(required)) throw new ValidationError(MemberImportMsg.missingColumn(required))
  const rows = body.map(({ number, cells }) => ({
    row: number,
    // an empty cell is a field not given
    values: Object.fromEntries(Object.entries(FIELDS).map(([field, col]) => [field, cells[header.get(col) ?? -1] || undefined])),
  })).filter(({ values }) => Object.values(values).some(Boolean))
  if (!rows.length) throw new ValidationError(MemberImportMsg.empty)
  return rows
}

/**
 * Imports members from the template, all or nothing: every row is checked first (the contract's member
 * rules, the ID number's check digit, an ID number twice in the file or already registered at the base),
 * and any error refuses the whole file naming its rows; otherwise all rows go in one transaction.
 */
export async function importMembers(db: Executor, fileJobs: FileJobs, auth: SessionUser, file: Buffer, requestedCompanyId?: number): Promise<MemberImportResult> {
  const companyId = ownerCompany(auth, requestedCompanyId)
  const rows = await readRows(fileJobs, file)
  const errors: MemberImportRowError[] = []
  const firstRowOf = new Map<string, number>()
  const valid: { row: number; member: ReturnType<typeof memberBody.parse> }[] = []
  for (const { row, values } of rows) {
    const parsed = memberBody.safeParse(values)
    if (!parsed.success) { errors.push({ row, message: parsed.error.issues.map((i) => i.message).join('，') }); continue }
    const seen = firstRowOf.get(parsed.data.idNo)
    if (seen) { errors.push({ row, message: MemberImportMsg.duplicateInSheet(seen) }); continue }
    firstRowOf.set(parsed.data.idNo, row)
    valid.push({ row, member: parsed.data })
  }
  const idNos = valid.map((v) => v.member.idNo)
  const registered = new Set(idNos.length
    ? (await db.select({ idNo: testees.idNo }).from(testees).where(and(eq(testees.companyId, companyId), inArray(testees.idNo, idNos)))).map((r) => r.idNo)
    : [])
  for (const v of valid) if (registered.has(v.member.idNo)) errors.push({ row: v.row, message: MemberMsg.duplicateIdNo })
  if (errors.length) throw new ValidationError(MemberImportMsg.refused(errors.sort((x, y) => x.row - y.row)))

  try {
    await db.transaction(async (tx) => {
      await assertCompanyExists(tx, companyId)
      const departments = [...new Set(valid.map((v) => v.member.department).filter((d): d is string => !!d))]
      const groupOf = new Map<string, number>()
      if (departments.length) {
        await tx.insert(testeeGroups).values(departments.map((name) => ({ companyId, name }))).onConflictDoNothing()
        const groups = await tx.select({ id: testeeGroups.id, name: testeeGroups.name }).from(testeeGroups)
          .where(and(eq(testeeGroups.companyId, companyId), inArray(testeeGroups.name, departments)))
        for (const g of groups) groupOf.set(g.name, g.id)
      }
      await tx.insert(testees).values(valid.map(({ member: { department, companyId: _c, ...fields } }) => ({
        ...fields, sex: sexOfIdNumber(fields.idNo), companyId, groupId: department ? groupOf.get(department) ?? null : null,
      })))
    })
  } catch (err) {
    // registered by someone else between the check and the insert
    if (isUniqueViolation(err, 'testee_company_id_no_uq')) throw new ConflictError(MemberMsg.duplicateIdNo)
    throw err
  }
  return { imported: valid.length }
}
