/** Attachments: downloading a kept file by id, in its base's scope (the store itself is platform/attachments.ts). */
export { attachmentRoutes } from './routes.js'
