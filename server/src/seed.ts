import crypto from 'node:crypto'
import { HQ_COMPANY_ID, IS_CREATE, MENU_SEED, ROLES, type MenuSeed } from '@app/contract'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { hashPassword } from './platform/passwords.js'
import type { Db, Executor } from './db/client.js'
import { DEFAULT_EXTRACTION_RULES, DEFAULT_RECEIPT_FORMATS } from './ocr/defaults.js'
import { qualifyField } from './ocr/fieldCatalogue.js'
import { seedInspectionTemplates } from './modules/processTemplates/index.js'
import { companies, extractionRules, menus, receiptFormats, rolePermissions, roles, userCompanies, users } from './db/schema/index.js'

export interface SeedResult {
  /** set only when the admin was created now with a generated password */
  generatedAdminPassword?: string
}

/**
 * Brings reference data in line with contract/: headquarters, roles and their permission keys, the
 * menu tree, and the headquarters admin on first start. Safe to run at every start.
 */
export async function seed(db: Db, opts: { adminPassword?: string }): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.insert(companies).values({ id: HQ_COMPANY_ID, name: '总部', isCreate: IS_CREATE.yes }).onConflictDoNothing()
    await tx.execute(sql`select setval(pg_get_serial_sequence('company', 'id'), greatest((select max(id) from company), 1))`)

    for (const role of Object.values(ROLES)) {
      await tx.insert(roles).values({ nickName: role.nickName }).onConflictDoNothing()
      const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.nickName, role.nickName))
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, row!.id))
      if (role.permissions.length) {
        await tx.insert(rolePermissions).values(role.permissions.map((permission) => ({ roleId: row!.id, permission })))
      }
    }

    await tx.delete(menus)
    await insertMenus(tx, MENU_SEED, null)
    await seedReadingDefaults(tx)
    await seedInspectionTemplates(tx)

    const result: SeedResult = {}
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, 'admin'))
    if (!admin) {
      const password = opts.adminPassword ?? crypto.randomBytes(9).toString('base64url')
      if (!opts.adminPassword) result.generatedAdminPassword = password
      const [adminRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.nickName, ROLES.admin.nickName))
      const [created] = await tx.insert(users).values({
        phone: 'admin', name: '超级管理员', passwordHash: await hashPassword(password), roleId: adminRole!.id, isCreate: 1,
        // a password the operator chose is as good as a reset one; a generated one must be changed
        lastPasswordResetDate: opts.adminPassword ? new Date() : null,
      }).returning({ id: users.id })
      await tx.insert(userCompanies).values({ userId: created!.id, companyId: HQ_COMPANY_ID })
      // the headquarters admin is headquarters' main account: it cannot be deleted
      await tx.update(companies).set({ mainUserId: created!.id }).where(and(eq(companies.id, HQ_COMPANY_ID), isNull(companies.mainUserId)))
    }
    return result
  })
}

/** Default ticket formats and rules, once: after that they belong to headquarters' editors. */
async function seedReadingDefaults(tx: Executor) {
  const [any] = await tx.select({ id: receiptFormats.id }).from(receiptFormats).limit(1)
  if (any) return
  await tx.insert(receiptFormats).values(DEFAULT_RECEIPT_FORMATS.map((f) => ({
    id: f.id, name: f.name, type: f.type, regular: f.regular, rankcom: f.rankcom, excludeKeywords: f.excludeKeywords || null,
    requiredFields: f.requiredFields?.length ? f.requiredFields.map((x) => qualifyField(x, f.type)).join(',') : null,
    description: f.description ?? null,
  })))
  await tx.insert(extractionRules).values(DEFAULT_EXTRACTION_RULES.map((r) => ({
    id: r.id, property: r.property, receiptFormatId: r.receiptFormatId, valueName: r.valueName ?? null,
    valueNameRegular: r.valueNameRegular ?? null, valueRegular: r.valueRegular ?? null,
  })))
  await tx.execute(sql`select setval(pg_get_serial_sequence('receipt_format', 'id'), (select max(id) from receipt_format))`)
  await tx.execute(sql`select setval(pg_get_serial_sequence('extraction_rule', 'id'), (select max(id) from extraction_rule))`)
}

async function insertMenus(tx: Executor, nodes: MenuSeed[], parentId: number | null) {
  for (const [sort, n] of nodes.entries()) {
    const [row] = await tx.insert(menus).values({
      parentId, path: n.path, name: n.name, component: n.component, redirect: n.redirect ?? null,
      title: n.title, icon: n.icon ?? null, permission: n.permission ?? null, sort,
    }).returning({ id: menus.id })
    if (n.children) await insertMenus(tx, n.children, row!.id)
  }
}
