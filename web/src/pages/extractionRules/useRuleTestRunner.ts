/**
 * The rule tester's calls: one LatestRunner per kind (a photo being read does not hold up text tests),
 * each job sent TEST_DEBOUNCE_MS after its last change; in-flight calls are aborted when the tester goes away.
 */
import { useEffect, useRef, useState } from 'react'
import type { CandidateRule, TicketType } from '@app/contract'
import { isCanceled, isHandled } from '../../api/request'
import * as readingApi from '../../api/ticketReading'
import type { RuleTestResult } from '../../api/ticketReading'
import { LatestRunner, TEST_DEBOUNCE_MS } from '../../features/ticketPictures/tester'

export type Kind = 'image' | 'text'

/** One test: `key` names what is tested (kind, type, rule and input), so an unchanged test is not run again. */
export interface TestJob {
  key: string
  kind: Kind
  fileType: TicketType
  rule?: CandidateRule
  text?: string
  file?: File
}

export interface TestOutcome {
  key: string
  fileType: TicketType
  result?: RuleTestResult
  error?: string
  /** the picture read (photo tests) */
  file?: File
}

/** The last outcome of `kind`, and whether `job` (the test the form asks for now) is still to come. */
export function useRuleTestRunner(kind: Kind, job: TestJob | null): { outcome?: TestOutcome; waiting: boolean } {
  const [outcomes, setOutcomes] = useState<Partial<Record<Kind, TestOutcome>>>({})
  const runnersRef = useRef<Record<Kind, LatestRunner<TestJob, RuleTestResult>> | null>(null)

  useEffect(() => {
    const abort = new AbortController()
    const signal = abort.signal
    const exec = (j: TestJob) => j.kind === 'text'
      ? readingApi.testRuleOnText({ fileType: j.fileType, text: j.text!, rule: j.rule }, { silent: true, cancelDuplicate: false, signal })
      : readingApi.testRuleOnImage({ fileType: j.fileType, file: j.file!, filename: j.file!.name, rule: j.rule }, { silent: true, cancelDuplicate: false, signal })
    const store = (j: TestJob, o: Pick<TestOutcome, 'result' | 'error'>) =>
      setOutcomes((all) => ({ ...all, [j.kind]: { key: j.key, fileType: j.fileType, file: j.file, ...o } }))
    const runner = () => new LatestRunner<TestJob, RuleTestResult>(exec, {
      result: (result, j) => store(j, { result }),
      error: (e, j) => {
        if (isCanceled(e) || isHandled(e)) return
        store(j, { error: (e as Error).message || '测试失败' })
      },
    })
    const runners = { image: runner(), text: runner() }
    runnersRef.current = runners
    return () => {
      runners.image.close()
      runners.text.close()
      abort.abort()
      if (runnersRef.current === runners) runnersRef.current = null
    }
  }, [])

  const outcome = outcomes[kind]
  const due = !!job && outcome?.key !== job.key
  useEffect(() => {
    if (!job || !due) return
    const t = setTimeout(() => runnersRef.current?.[job.kind].run(job), TEST_DEBOUNCE_MS)
    return () => clearTimeout(t)
    // everything the job holds is in its key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job?.key])

  return { outcome, waiting: due }
}
