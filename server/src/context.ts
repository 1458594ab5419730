import type { Registry } from 'prom-client'
import type { Config } from './config.js'
import type { Db } from './db/client.js'
import type { FileJobs } from './files/jobs.js'
import type { PhotoMatchJobs } from './goods/photoMatch/index.js'
import type { FileStore } from './platform/files.js'
import type { PasswordCipher } from './platform/rsa.js'
import type { RoleRegistry } from './platform/roles.js'
import type { SmsProvider } from './platform/sms.js'
import type { MenuCache } from './platform/menus.js'
import type { TicketReader } from './ocr/reader.js'

/** What modules are built with: created once in buildApp and handed to each module's routes. */
export interface AppContext {
  config: Config
  db: Db
  cipher: PasswordCipher
  roles: RoleRegistry
  sms: SmsProvider
  menus: MenuCache
  /** attachment blobs: DATA_DIR/files, S3 or memory */
  files: FileStore
  /** the OCR worker pool, started on first use (or at start-up by main.ts) */
  reader: TicketReader
  /** worker threads that build PDFs and statements and read uploaded spreadsheets (started by main.ts, or on first use) */
  fileJobs: FileJobs
  /** worker threads that describe goods photos and check a photo search's matches (started on first use) */
  photoMatch: PhotoMatchJobs
  /** `stopping` once the process has begun to shut down (GET /api/ready answers 503) */
  lifecycle: { stopping: boolean }
  /** Prometheus registry, when METRICS_TOKEN is set */
  metrics?: Registry
}
