/** 工位分组 (station groups and stations of a base): server module stationGroups (server/src/modules/stationGroups/routes.ts). */
import {
  STATION_GROUP_EXPORT_NAME, type StationGroup, type StationGroupBody, type StationGroupFilters, type StationGroupQuery,
} from '@app/contract'
import { download, http, type RequestOptions } from './request'
import { resourceCalls } from './resource'

export const { find: findStationGroups, save: saveStationGroup, update: updateStationGroup, remove: deleteStationGroup } =
  resourceCalls<StationGroup, StationGroupBody, StationGroupQuery>('groups')

export const exportStationGroups = (companyId: number, q: StationGroupFilters = {}, opts?: RequestOptions) =>
  download(`/groups/export/${companyId}`, {
    filename: `${STATION_GROUP_EXPORT_NAME}.xlsx`, ...opts, params: { name: q.name, center: q.center ?? undefined, companyId: q.companyId },
  })

/** The groups and stations of the caller's base (headquarters: the base named), for the change-station dialog. */
export const stationChoices = (companyId?: number, opts?: RequestOptions) => http.get<StationGroup[]>('/groups/stations', { companyId }, opts)
