import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { idCheckChar } from '@app/contract'
import { hasRichMarkup, paragraphsToText, textToParagraphs } from '../src/features/activities/content'
import { activityBodyOf, activityFormValues, endNotBeforeStart } from '../src/pages/activityList/activityValues'
import { editedMemberBody, idNumberFacts, memberFilters, newMemberBody } from '../src/pages/members/memberValues'
import { conclusionColor, measurementFilters } from '../src/pages/measurements/measurementValues'

const idOf = (birth: string, serial: string) => {
  const first17 = `110105${birth}${serial}`
  return `${first17}${idCheckChar(first17)}`
}

describe('activity content: text with blank lines ↔ paragraph HTML', () => {
  it('a blank line starts a paragraph, a single line break stays a <br>, and what was typed is escaped', () => {
    expect(textToParagraphs('第一段\n第二行\n\n\n  第二段 <b>不加粗</b> & "引号"  \n')).toBe(
      '<p>第一段<br>第二行</p><p>第二段 &lt;b&gt;不加粗&lt;/b&gt; &amp; &quot;引号&quot;</p>')
    expect(textToParagraphs('\r\n甲\r\n\r\n乙')).toBe('<p>甲</p><p>乙</p>')
    expect(textToParagraphs('  \n \n')).toBe('')
  })

  it('the HTML comes back as the text it was made from, so an edit saved unchanged sends the same content', () => {
    for (const text of ['第一段\n第二行\n\n第二段 <b>x</b> & "y" \'z\'', '只有一段', '']) {
      const html = textToParagraphs(text)
      expect(paragraphsToText(html)).toBe(text)
      expect(textToParagraphs(paragraphsToText(html))).toBe(html)
    }
  })

  it('richer HTML from the server reads as its text, and is noticed as markup the text box cannot keep', () => {
    const html = '<p>报名<strong>须知</strong></p><ul><li>带身份证</li><li>空腹</li></ul><p>地址&nbsp;A&#x4E00;</p>'
    expect(paragraphsToText(html)).toBe('报名须知\n\n带身份证\n\n空腹\n\n地址 A一')
    expect(hasRichMarkup(html)).toBe(true)
    expect(hasRichMarkup('<p>甲<br>乙</p><p>丙</p>')).toBe(false)
  })
})

describe('activity dialog', () => {
  it('sends the times as text and the content as paragraphs; opens an edit with the content as text', () => {
    const body = activityBodyOf({
      title: ' 健康日 ', place: '广场', organizer: '社区', startTime: dayjs('2025-05-01 08:00'), endTime: '2025-05-01 17:30:00', content: '甲\n\n乙',
    })
    expect(body).toMatchObject({ title: '健康日', startTime: '2025-05-01 08:00:00', endTime: '2025-05-01 17:30:00', picture: null, content: '<p>甲</p><p>乙</p>' })
    const values = activityFormValues({ ...body, id: 1, companyId: 2, companyName: '', picture: 7, createId: null, createTime: '' } as never)
    expect(values).toMatchObject({ title: '健康日', picture: 7, content: '甲\n\n乙' })
  })

  it('refuses an end before the start, and says nothing while either is missing', () => {
    expect(endNotBeforeStart('2025-05-01 08:00:00', '2025-05-01 07:59:00')).toBe(false)
    expect(endNotBeforeStart('2025-05-01 08:00:00', '2025-05-01 08:00:00')).toBe(true)
    expect(endNotBeforeStart(undefined, '2025-05-01 08:00:00')).toBe(true)
  })
})

describe('member: sex, birthday and age from the ID number', () => {
  it('reads a right ID number (odd 17th digit a man, even a woman; x as X) and counts whole years', () => {
    expect(idNumberFacts(idOf('19900307', '123'), '2025-03-06')).toEqual({ sex: '男', birthday: '1990-03-07', age: 34 })
    expect(idNumberFacts(idOf('19900307', '123'), '2025-03-07')).toEqual({ sex: '男', birthday: '1990-03-07', age: 35 })
    expect(idNumberFacts(idOf('20000229', '124').toLowerCase(), '2025-01-01')).toEqual({ sex: '女', birthday: '2000-02-29', age: 24 })
  })

  it('says nothing of a number still being typed or with a wrong check character', () => {
    const id = idOf('19900307', '123')
    expect(idNumberFacts(id.slice(0, 17), '2025-01-01')).toBeNull()
    expect(idNumberFacts(`${id.slice(0, 17)}${id[17] === '0' ? '1' : '0'}`, '2025-01-01')).toBeNull()
    expect(idNumberFacts(undefined, '2025-01-01')).toBeNull()
  })

  it('a new member sends the sex of the ID number; an edit sends the ID number and phone only when retyped', () => {
    const id = idOf('19920101', '246')
    expect(newMemberBody({ name: ' 王芳 ', idNo: id.toLowerCase(), nation: '汉族', department: ' ', phone: '' }))
      .toMatchObject({ name: '王芳', idNo: id, sex: '女', department: undefined, phone: undefined })
    const kept = editedMemberBody(5, { name: '王芳', idNo: '', phone: ' ', department: '' })
    expect(kept).not.toHaveProperty('idNo')
    expect(kept).not.toHaveProperty('sex')
    expect(kept).not.toHaveProperty('phone')
    expect(kept.department).toBe('')
    expect(editedMemberBody(5, { name: '王芳', idNo: id, phone: '13812345678' })).toMatchObject({ id: 5, idNo: id, sex: '女', phone: '13812345678' })
  })

  it('the 部门 of the search form (the address\'s ?id=) is the list\'s groupId', () => {
    expect(memberFilters({ id: '3', name: ' 王 ', sex: '' })).toEqual({ groupId: 3, name: '王' })
  })
})

describe('measurement list', () => {
  it('colours conclusions: green normal, gold the steps before a disease, orange grade 1, red the rest', () => {
    expect(['正常', '正常高值', '空腹血糖受损', '偏瘦', '超重', '高血压1级', '高血压2级', '高血压3级', '糖尿病', '肥胖'].map(conclusionColor))
      .toEqual(['green', 'gold', 'gold', 'gold', 'gold', 'orange', 'red', 'red', 'red', 'red'])
  })

  it('仅看异常 is a boolean filter', () => {
    expect(measurementFilters({ abnormal: 'true', name: '' })).toEqual({ abnormal: true })
    expect(measurementFilters({ abnormal: 'false' })).toEqual({ abnormal: false })
    expect(measurementFilters({})).toEqual({})
  })
})
