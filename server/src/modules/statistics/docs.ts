/**
 * The OpenAPI page's examples of the statistics calls (shown under each call at /api/docs): a request
 * and the `data` of its answer, as a headquarters user gets them. The shapes are contract/src/statistics.ts.
 */
const json = (v: unknown) => `\`\`\`json\n${JSON.stringify(v, null, 2)}\n\`\`\``

export function described(what: string, request: unknown, answer: unknown) {
  return `${what}\n\n请求示例：\n\n${json(request)}\n\n答复示例（data）：\n\n${json(answer)}`
}

const range = { range: ['2024-01-01', '2024-03-31'], companyId: 2 }
const measure = (examItemId: number, measure: string, label: string, conclusions: [string, number][]) => ({
  examItemId, measure, label,
  total: conclusions.reduce((s, [, n]) => s + n, 0),
  abnormal: conclusions.filter(([c]) => c !== '正常').reduce((s, [, n]) => s + n, 0),
  conclusions: conclusions.map(([conclusion, count], score) => ({ conclusion, score, count })),
})
const measures = [
  measure(1, 'bp', '血压', [['正常', 120], ['正常高值', 40], ['高血压1级', 25], ['高血压2级', 8], ['高血压3级', 2]]),
  measure(2, 'sugar', '空腹血糖', [['正常', 90], ['空腹血糖受损', 12], ['糖尿病', 5]]),
  measure(3, 'bmi', 'BMI', [['偏瘦', 6], ['正常', 70], ['超重', 30], ['肥胖', 11]]),
]
const months = ['2024-01', '2024-02', '2024-03']
const town = { townId: '110101001', townName: '东华门街道', district: '东城区', city: '北京市', province: '北京市' }

export const EXAMPLES = {
  barMonth: [range, { xAxisData: months, datas: [{ machineName: 'BP-001', totalNumber: [120, 98, 143] }, { machineName: 'BP-002', totalNumber: [80, 0, 61] }] }],
  lineMonth: [range, { xAxisData: months, datas: [{ machineName: '血压计', totalNumber: [200, 98, 204] }, { machineName: '体检一体机', totalNumber: [35, 40, 52] }] }],
  byProvince: [range, [{ province: '江苏省', total: 1250, abnormal: 310, abnormalRate: 24.8 }, { province: '浙江省', total: 830, abnormal: 150, abnormalRate: 18.1 }]],
  countsByProvince: [range, [{ province: '江苏省', companies: 3, machines: 12, measurements: 1250 }]],
  byMachine: [{ range: ['2024-01-01', '2024-03-31'], granularity: 'month' }, {
    from: '2024-01-01', to: '2024-03-31', granularity: 'month', xAxisData: months, total: [120, 98, 143], abnormal: [30, 21, 40],
    machine: { id: 7, deviceNo: 'BP-001', type: '血压计', companyId: 2, companyName: '南京基地' }, measures,
  }],
  byMachineDay: [{ range: ['2024-03-01', '2024-03-03'] }, {
    from: '2024-03-01', to: '2024-03-03', granularity: 'day', xAxisData: ['2024-03-01', '2024-03-02', '2024-03-03'], total: [5, 0, 7], abnormal: [1, 0, 2],
    machine: { id: 7, deviceNo: 'BP-001', type: '血压计', companyId: 2, companyName: '南京基地' }, measures,
  }],
  allMyMachines: [{ companyId: 2 }, [{ machineId: 7, deviceNo: 'BP-001', type: '血压计', companyId: 2, companyName: '南京基地', total: 361, abnormal: 91 }]],
  byTopGroups: [{ companyId: 2 }, [{ groupId: 3, groupName: '生产部', companyId: 2, companyName: '南京基地', total: 210, abnormal: 60 }, { groupId: 0, groupName: '未分组', companyId: 2, companyName: '南京基地', total: 12, abnormal: 2 }]],
  byMeasures: [{ companyId: 2 }, measures],
  exceptions: [{ companyId: 2, granularity: 'month' }, { xAxisData: months, datas: [{ examItemId: 1, label: '血压', totalNumber: [30, 21, 24] }, { examItemId: 2, label: '空腹血糖', totalNumber: [5, 6, 6] }, { examItemId: 3, label: 'BMI', totalNumber: [15, 14, 18] }] }],
  basic: [range, { companyId: 2, companyName: '南京基地', machines: 4, members: 320, measurements: 361, abnormal: 91, abnormalRate: 25.2, today: 6, from: '2024-01-01', to: '2024-03-31' }],
  persons: [{ range: ['2024-01-01', '2024-03-31'], conclusion: '高血压1级', page: 1, size: 20 }, {
    totalCount: 25,
    data: [{
      measurementId: 1042, testeeId: 88, name: '张三', sex: '男', age: 46, phone: '138****5678', idNo: '110105********1239', companyId: 2, companyName: '南京基地',
      deviceNo: 'BP-001', measuredTime: '2024-03-02 09:12:30', value: '150/95 mmHg', conclusion: '高血压1级',
    }],
  }],
  byMachineType: [range, [{ type: '血压计', machines: 3, total: 502, abnormal: 120 }, { type: '体检一体机', machines: 1, total: 127, abnormal: 30 }]],
  byCompany: [{ range: ['2024-01-01', '2024-03-31'], granularity: 'month' }, {
    from: '2024-01-01', to: '2024-03-31', granularity: 'month', xAxisData: months, total: [235, 138, 256], abnormal: [60, 30, 61],
    bases: [{ companyId: 2, companyName: '南京基地', province: '江苏省', total: 629, abnormal: 151 }],
  }],
  certificates: [{ range: ['2024-01-01', '2024-03-31'] }, {
    from: '2024-01-01', to: '2024-03-31', xAxisData: months, signed: [12, 9, 15], passed: [11, 9, 13], bases: [{ companyId: 2, companyName: '南京基地', signed: 36, passed: 33 }],
  }],
  townTrace: [{ townId: '110101001', range: '2024-01-01,2024-03-31' }, { ...town, from: '2024-01-01', to: '2024-03-31', total: 195, items: measures }],
  townScore: [{ range: ['2024-01-01', '2024-03-31'] }, { ...town, examItemId: 1, label: '血压', score: 2, conclusion: '高血压1级', from: '2024-01-01', to: '2024-03-31', xAxisData: months, totalNumber: [9, 7, 9], total: 25 }],
  allTrace: [{ range: '2024-01-01,2024-03-31' }, [{ ...town, total: 195, items: [{ examItemId: 1, label: '血压', total: 195, abnormal: 75 }, { examItemId: 2, label: '空腹血糖', total: 107, abnormal: 17 }, { examItemId: 3, label: 'BMI', total: 117, abnormal: 47 }] }]],
} as const
