/** Pure logic of the activity list and its dialog (unit-tested in web/test/activities.test.ts). */
import dayjs from 'dayjs'
import type { Activity, ActivityBody, ActivityQuery } from '@app/contract'
import { cleanFilters } from '../../components/listQuery'
import { paragraphsToText, textToParagraphs } from '../../features/activities/content'

export interface ActivityFormValues {
  title: string
  place: string
  organizer: string
  /** 'YYYY-MM-DD HH:mm:ss' as the picker gives it on submit (a dayjs while editing) */
  startTime?: unknown
  endTime?: unknown
  picture?: number | null
  /** text, a blank line between paragraphs */
  content?: string
  companyId?: number
}

const asTime = (v: unknown) => (v == null || v === '' ? null : dayjs(v as string))
const timeText = (v: unknown) => asTime(v)?.format('YYYY-MM-DD HH:mm:ss') ?? ''

/** Whether the end is not before the start (true while either is missing: each field's own rule says it is required). */
export function endNotBeforeStart(start: unknown, end: unknown): boolean {
  const [s, e] = [asTime(start), asTime(end)]
  return !s || !e || !e.isBefore(s)
}

export function activityBodyOf(v: ActivityFormValues): ActivityBody {
  return {
    title: v.title.trim(), place: v.place.trim(), organizer: v.organizer.trim(), startTime: timeText(v.startTime), endTime: timeText(v.endTime),
    picture: v.picture ?? null, content: textToParagraphs(v.content ?? ''), companyId: v.companyId,
  }
}

/** The dialog's starting values: the activity with its content as text again; a new one starts today at 08:00–17:00. */
export function activityFormValues(a: Activity | null, today = dayjs()): Partial<ActivityFormValues> {
  if (!a) return { startTime: today.hour(8).minute(0).second(0), endTime: today.hour(17).minute(0).second(0), picture: null, content: '' }
  return {
    title: a.title, place: a.place, organizer: a.organizer, startTime: dayjs(a.startTime), endTime: dayjs(a.endTime),
    picture: a.picture, content: paragraphsToText(a.content),
  }
}

/** The search form's values as the list's filters (the time range as two days). */
export const activityFilters = (values: Record<string, unknown>) => cleanFilters<Omit<ActivityQuery, 'page' | 'size'>>(values)
