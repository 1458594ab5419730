/** Pure logic of the station group dialog. */
import type { InspectionCenter, StationGroup, StationGroupBody } from '@app/contract'

export interface StationGroupFormValues {
  companyId?: number
  name: string
  center?: InspectionCenter | null
  remarks?: string
  /** in order; `id` for a station that exists already */
  stations?: { id?: number; name: string }[]
}

export const groupFormValues = (g: StationGroup | null, defaultCompanyId?: number): StationGroupFormValues =>
  g ? { companyId: g.companyId, name: g.name, center: g.center, remarks: g.remarks ?? '', stations: g.stations.map((s) => ({ id: s.id, name: s.name })) }
    : { companyId: defaultCompanyId, name: '', center: null, stations: [{ name: '' }] }

export function groupBodyOf(v: StationGroupFormValues): StationGroupBody {
  return {
    companyId: v.companyId, name: v.name.trim(), center: v.center ?? null, remarks: (v.remarks ?? '').trim() || null,
    stations: (v.stations ?? []).filter((s) => s && (s.name ?? '').trim()).map((s) => ({ ...(s.id ? { id: s.id } : {}), name: s.name.trim() })),
  }
}
