/**
 * How well the domain's words explain a reading of a company's name, an address or a person's
 * name. Of the readings a second look gives one box, or those the recogniser's doubted characters
 * allow, the layout keeps the one these words explain best ('…市政股份有限公司' over
 * '…市政设份有限公司', '邯郸市城关区…' over '邯辉市城关区…', '铜陵…' over '钢陵…', '侯志霞' over '候志').
 */
import { regionNames } from './places.js'

const LEGAL_FORM = /(?:股份有限公司|有限责任公司|集团有限公司|有限公司|集团公司|公司)$/

/**
 * Words of the trade that company names and site addresses are made of (building, building
 * materials, transport): a reading that holds one is better explained than one that holds a
 * character off it ('搅拌站', not '揽拌站'; '混凝土', not '溉凝土').
 */
const TRADE_WORDS = [
  '水泥', '建材', '混凝土', '商砼', '预拌', '砂浆', '搅拌站', '拌合站', '管桩', '构件', '钢构', '钢结构', '建工', '建设', '建筑',
  '城建', '市政', '路桥', '公路', '铁路', '桥梁', '隧道', '交通', '港口', '码头', '中建', '中铁', '中交', '水利', '水电', '电力', '能源',
  '安装', '装饰', '幕墙', '园林', '环保', '房地产', '地产', '置业', '开发', '投资', '控股', '集团', '实业', '产业', '工程', '贸易',
  '商贸', '科技', '新材料', '发展', '物流', '运输', '货运', '仓储', '供应链', '储运', '汽运', '车队', '工业园', '产业园', '物流园',
  '开发区', '经济', '项目部', '工地', '标段', '小区', '花园', '广场', '大厦', '中心', '大道', '大街', '街道', '社区', '仓库',
]
const TRADE = new Set(TRADE_WORDS)
const TRADE_LONGEST = Math.max(...TRADE_WORDS.map((w) => w.length))

/** the number of characters of `text` a region name (province, city, district), a word of the trade or the legal form at its end covers */
export function nameSupport(text: string): number {
  const regions = regionNames()
  const covered = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) {
    for (let len = 2; len <= Math.max(5, TRADE_LONGEST) && i + len <= text.length; len++) {
      const word = text.slice(i, i + len)
      if ((len <= 5 && regions.has(word)) || TRADE.has(word)) covered.fill(1, i, i + len)
    }
  }
  const form = text.match(LEGAL_FORM)
  if (form) covered.fill(1, form.index!)
  return covered.reduce((n, c) => n + c, 0)
}

/** the commonest Chinese surnames, single and double */
const SURNAMES = new Set([
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池查麻苑迟邝',
  '欧阳', '司马', '上官', '诸葛', '东方', '皇甫', '尉迟', '令狐', '慕容', '长孙', '宇文', '司徒', '夏侯', '端木', '公孙',
])

/** characters common in Chinese given names */
const GIVEN = new Set(
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏飞建国文辉力林斌宇浩凯波宁俊峰亮成鑫婷雪琳晶燕慧佳颖倩欣丹阳新海龙晨帅旭晓云春梅兵东志永健博森翔瑞晖宏群荣庆福生德祥胜利民友忠义信仁山金银宝贵美玲芬凤琴香月莉莹薇琪璐瑶婧怡悦妍蕾菲露楠雯茜思雨诗梦嘉子涵轩泽昊睿铭航哲豪毅坤锋鸣彬亚冰虹洁媛君岩松柏青光远达振兴发家昌盛立正学武清元安和泉秋冬良彤璇瑜婉雅琦晴蓉莲芝珍珠翠爱惠娥凡帆琼淑鹤鹰虎彪猛威骏驰腾跃宾滨涌洪江河湖澜浪源润泓淼鸿皓晗昕曦璟瑾祺麟麒懿卓越杨柳萱芸菁蓓蕊芊芮茹荷菊桃莺凰鹃娇媚妮娅姗婕婵嫣嫦姣姝娴',
)

/**
 * How well a reading is explained as a person's name: 2 when it begins with a surname, and 1 for each
 * character after it that given names are commonly made of ('朱凯宇' over '朱凯字', '侯志霞' over '候志霞').
 */
export function personSupport(text: string): number {
  const surname = SURNAMES.has(text.slice(0, 2)) ? 2 : SURNAMES.has(text.slice(0, 1)) ? 1 : 0
  let n = surname ? 2 : 0
  for (const ch of text.slice(surname || 1)) if (GIVEN.has(ch)) n++
  return n
}
