/** 示意图 (tank diagrams of inspection reports): server module diagrams (server/src/modules/diagrams/routes.ts). */
import type { DiagramSaveBody, DiagramSaved, DiagramState } from '@app/contract'
import { download, http, type RequestOptions } from './request'

/** The report's saved canvas (null: never drawn, version 0), who saved it when, and whether it may be edited now. */
export const loadDiagram = (id: number, opts?: RequestOptions) => http.post<DiagramState>(`/report/loadFabric/${id}`, undefined, opts)

/** Saves from the version it was loaded at; a 409 names who saved in between. Big canvases (images) take longer. */
export const saveDiagram = (id: number, body: DiagramSaveBody, opts?: RequestOptions) =>
  http.post<DiagramSaved>(`/report/saveFabric/${id}`, body, { timeout: 120_000, ...opts })

/** The picture of the last saved drawing (PNG), for the overview; a report without one answers 404. */
export const diagramPicture = (id: number, opts?: RequestOptions) => download(`/report/diagramPng/${id}`, { silent: true, ...opts })
