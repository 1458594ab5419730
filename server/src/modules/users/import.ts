import {
  importDuplicatePhone, importMissingColumn, importTooManyRows, importUnknownCompany, roleLabel, roleNickName, USER_IMPORT_COLUMNS, USER_IMPORT_MAX_ROWS,
  USER_IMPORT_SHEETS, UserAdminMsg, userImportHelp, userImportRow, type UserImportResult,
} from '@app/contract'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { companies } from '../../db/schema/index.js'
import type { FileJobs } from '../../files/jobs.js'
import type { Auth } from '../../platform/access.js'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors.js'
import { assertPasswordRules, hashPassword } from '../../platform/passwords.js'
import type { RoleRegistry } from '../../platform/roles.js'
import { isHeadquarters, ownerCompany } from '../../platform/tenancy.js'
import { assignableRole, assignableRoles, insertMember, phoneConflict, takeSeat } from './admin.js'
import type { UserAdminDeps } from './list.js'

const [PHONE, NAME, ROLE, PASSWORD, COMPANY] = USER_IMPORT_COLUMNS

/** The import template: the columns, a list of role labels to pick from, and a sheet of instructions. */
export async function importTemplate(roles: RoleRegistry, auth: Auth): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet(USER_IMPORT_SHEETS.users)
  const columns = isHeadquarters(auth) ? USER_IMPORT_COLUMNS : USER_IMPORT_COLUMNS.filter((c) => c !== COMPANY)
  sheet.columns = columns.map((c) => ({ header: c, key: c, width: c === COMPANY ? 24 : 18, style: { numFmt: '@' } }))
  sheet.getRow(1).font = { bold: true }
  const names = assignableRoles(roles, auth).map(roleLabel)
  // a range rule, not one per cell: the sheet keeps no empty rows, so rows added after the header start at row 2
  ;(sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations
    .add(`C2:C${USER_IMPORT_MAX_ROWS + 1}`, { type: 'list', allowBlank: false, formulae: [`"${names.join(',')}"`], showErrorMessage: true, error: UserAdminMsg.importPickRole })
  const help = book.addWorksheet(USER_IMPORT_SHEETS.help)
  help.columns = [{ width: 100 }]
  for (const line of userImportHelp(names, isHeadquarters(auth))) help.addRow([line])
  return Buffer.from(await book.xlsx.writeBuffer())
}

/** The sheet's data rows by column name, without empty rows; refuses a sheet without the template's columns or rows. */
async function readRows(fileJobs: FileJobs, file: Buffer) {
  const [head, ...body] = await fileJobs.run('readFirstSheet', {
    file,
    options: {
      maxRows: USER_IMPORT_MAX_ROWS + 1,
      messages: { invalid: UserAdminMsg.importFileType, tooManyRows: importTooManyRows(USER_IMPORT_MAX_ROWS) },
    },
  })
  if (!head) throw new ValidationError(UserAdminMsg.importEmpty)
  const header = new Map<string, number>()
  head.cells.forEach((text, i) => { if (text) header.set(text.replace(/[*＊\s]/g, ''), i) })
  for (const required of [PHONE, NAME, ROLE, PASSWORD]) {
    if (!header.has(required)) throw new ValidationError(importMissingColumn(required))
  }
  const cell = (cells: string[], column: string) => {
    const i = header.get(column)
    return i == null ? '' : (cells[i] ?? '')
  }
  const rows = body.map(({ number, cells }) => ({
    row: number,
    values: {
      phone: cell(cells, PHONE), name: cell(cells, NAME), nickName: cell(cells, ROLE), password: cell(cells, PASSWORD),
      company: cell(cells, COMPANY),
    },
  })).filter(({ values }) => Object.values(values).some(Boolean))
  if (!rows.length) throw new ValidationError(UserAdminMsg.importEmpty)
  return rows
}

/**
 * A row's base by name (or id): headquarters names any; everyone else imports into their own, and a
 * row naming another base is that row's error, not imported into theirs instead.
 */
async function companyPicker(deps: UserAdminDeps, auth: Auth, requestedCompanyId?: number) {
  const defaultCompany = ownerCompany(auth, requestedCompanyId)
  const companyByName = new Map<string, number>()
  const named = deps.db.select({ id: companies.id, name: companies.name }).from(companies)
  for (const c of await (isHeadquarters(auth) ? named : named.where(eq(companies.id, auth.companyId)))) companyByName.set(c.name.trim(), c.id)
  return (company: string) => {
    if (!company) return defaultCompany
    const found = companyByName.get(company) ?? (/^\d+$/.test(company) && [...companyByName.values()].includes(Number(company)) ? Number(company) : undefined)
    if (!found) throw new ValidationError(importUnknownCompany(company))
    return found
  }
}

/** The refusals a row reports as its error; anything else ends the import. */
const rowError = (err: unknown): err is Error =>
  err instanceof ValidationError || err instanceof ConflictError || err instanceof ForbiddenError || err instanceof NotFoundError

/**
 * Imports users from the template: every row is checked and saved on its own (a row is all or
 * nothing); rows with errors are reported with their row number and the rest are kept.
 */
export async function importUsers(deps: UserAdminDeps & { fileJobs: FileJobs }, auth: Auth, file: Buffer, requestedCompanyId?: number): Promise<UserImportResult> {
  const rows = await readRows(deps.fileJobs, file)
  const companyOf = await companyPicker(deps, auth, requestedCompanyId)
  const result: UserImportResult = { total: rows.length, imported: 0, errors: [] }
  const firstRowOf = new Map<string, number>()
  for (const { row, values } of rows) {
    const fail = (message: string) => result.errors.push({ row, phone: values.phone, message })
    const parsed = userImportRow.safeParse(values)
    if (!parsed.success) { fail(parsed.error.issues.map((i) => i.message).join('；')); continue }
    const input = parsed.data
    const seen = firstRowOf.get(input.phone)
    if (seen) { fail(importDuplicatePhone(seen)); continue }
    firstRowOf.set(input.phone, row)
    try {
      assertPasswordRules(input.password)
      const companyId = companyOf(values.company)
      // the sheet offers the labels; a nickName typed in is taken too
      const role = assignableRole(deps.roles, auth, roleNickName(input.nickName), [companyId])
      const passwordHash = await hashPassword(input.password)
      await deps.db.transaction(async (tx) => {
        await takeSeat(tx, companyId)
        await insertMember(tx, companyId, { phone: input.phone, name: input.name, passwordHash, roleId: role.id })
      }).catch(phoneConflict)
      result.imported++
    } catch (err) {
      if (rowError(err)) fail(err.message)
      else throw err
    }
  }
  return result
}
