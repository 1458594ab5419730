import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core'

/** The menu tree the web builds its routes from; a node is shown to roles holding `permission`. */
export const menus = pgTable('menu', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  path: varchar('path', { length: 100 }).notNull(),
  name: varchar('name', { length: 60 }).notNull(),
  component: varchar('component', { length: 40 }).notNull(),
  redirect: varchar('redirect', { length: 100 }),
  title: varchar('title', { length: 40 }).notNull(),
  icon: varchar('icon', { length: 40 }),
  permission: varchar('permission', { length: 40 }),
  sort: integer('sort').notNull().default(0),
})
