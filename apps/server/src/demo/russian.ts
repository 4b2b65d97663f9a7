import type { DemoLanguage } from './language.js';

/**
 * The Russian demo: every English text of the demo generators with its Russian, as a Russian electronics
 * engineer or sales person would write it. Whole texts are looked up; component names and packages are
 * built from an ordered phrase table, then their units and decimal points are put the Russian way. A text
 * with no Russian here throws, so a new English text fails the seed (and its tests) instead of showing up
 * in English.
 */

function untranslated(kind: string, english: string): never {
  throw new Error(`The Russian demo has no translation of the ${kind} "${english}" (apps/server/src/demo/russian.ts)`);
}

/** Lowercase Latin words of three letters or more: English left over (brands and models are capitalised or have digits). */
function englishWords(text: string): string[] {
  return text.match(/(?<![\p{L}\p{N}-])[a-z][a-z-]{2,}(?![\p{L}\p{N}])/gu) ?? [];
}

// ---------------------------------------------------------------------------------------------------
// Numbers and units

function plural(count: string, one: string, few: string, many: string): string {
  const number = Number(count);
  const lastTwo = number % 100;
  const last = number % 10;
  const word = lastTwo >= 11 && lastTwo <= 14 ? many : last === 1 ? one : last >= 2 && last <= 4 ? few : many;
  return `${count} ${word}`;
}

const UNITS: Record<string, string> = {
  '': '',
  '%': '%',
  '°C': '°C',
  AWG: 'AWG',
  'ppm/K': 'ppm/K',
  Ω: 'Ом',
  kΩ: 'кОм',
  MΩ: 'МОм',
  pF: 'пФ',
  nF: 'нФ',
  µF: 'мкФ',
  µH: 'мкГн',
  µA: 'мкА',
  mA: 'мА',
  A: 'А',
  V: 'В',
  kV: 'кВ',
  'V AC': 'В AC',
  'V DC': 'В DC',
  mW: 'мВт',
  W: 'Вт',
  kHz: 'кГц',
  MHz: 'МГц',
  Mbps: 'Мбит/с',
  B: 'Б',
  KB: 'КБ',
  MB: 'МБ',
  K: 'К',
  nm: 'нм',
  mm: 'мм',
  'mm²': 'мм²',
  m: 'м',
  ml: 'мл',
  l: 'л',
  kg: 'кг',
  gf: 'гс',
};

const UNIT_AFTER_NUMBER = new RegExp(
  `(?<=\\d )(${Object.keys(UNITS)
    .filter((unit) => /^[\p{L}]+²?$/u.test(unit))
    .sort((a, b) => b.length - a.length)
    .join('|')})(?=$|[\\s,;)])`,
  'gu',
);

/**
 * 4.7 → 4,7 in a number that stands alone: not inside a code (SMBJ5.0A, Sn96.5Ag3Cu0.5, M2.5,
 * LM2596S-5.0), and not right after "USB ", where it is the version (USB 2.0).
 */
export function decimalCommas(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}.])(?<![\p{L}\p{N}]-)(?<!USB )(\d+)\.(\d+)(?![\p{L}\p{N}.])/gu, '$1,$2');
}

function russianNumbers(text: string): string {
  return decimalCommas(text.replace(UNIT_AFTER_NUMBER, (unit) => UNITS[unit] ?? unit));
}

// ---------------------------------------------------------------------------------------------------
// Whole texts

const SHELF_LETTERS: Record<string, string> = { A: 'А', B: 'Б', C: 'В', D: 'Г' };

const DEPARTMENTS: Record<string, string> = {
  'Central Warehouse': 'Центральный склад',
  'Moscow Sales': 'Московский отдел продаж',
  'Online Sales': 'Отдел онлайн-продаж',
};

const TEXTS: Record<string, string> = {
  ...DEPARTMENTS,

  // Category tree
  Passives: 'Пассивные компоненты',
  Resistors: 'Резисторы',
  Capacitors: 'Конденсаторы',
  Ceramic: 'Керамические',
  Electrolytic: 'Электролитические',
  Inductors: 'Индуктивности',
  Semiconductors: 'Полупроводники',
  Diodes: 'Диоды',
  Transistors: 'Транзисторы',
  ICs: 'Микросхемы',
  Microcontrollers: 'Микроконтроллеры',
  'Power management': 'Питание',
  Interface: 'Интерфейс',
  Electromechanical: 'Электромеханика',
  Connectors: 'Разъёмы',
  Switches: 'Кнопки и переключатели',
  Relays: 'Реле',
  Hardware: 'Крепёж',
  Screws: 'Винты',
  Standoffs: 'Стойки',
  'Cables & wire': 'Кабели и провода',
  Consumables: 'Расходные материалы',

  // Location trees (shelves, bins, drawers and racks are numbered: see TEXT_PATTERNS)
  'Main warehouse': 'Основной склад',
  'Receiving area': 'Зона приёмки',
  'Showroom cabinet': 'Витрина шоурума',
  Dispatch: 'Зона отгрузки',

  // Movement notes
  'Prototype build': 'Сборка прототипа',
  Rework: 'Доработка',
  'Replacement for a damaged part': 'Замена повреждённого компонента',
  'Engineering samples': 'Инженерные образцы',
  'Posted to the wrong work order': 'Проведено не на тот заказ-наряд',
  'Put away': 'Размещение в ячейку',
  'Put away (overflow bin)': 'Размещение в дополнительную ячейку',
  'From Central Warehouse': 'С центрального склада',
  Rearranged: 'Перекладка',
  'Last-time buy': 'Последняя закупка перед снятием с производства',
  'Last boards of the old design': 'Последние платы старой ревизии',

  // Parameter names
  'Actuation force': 'Усилие нажатия',
  Alloy: 'Сплав',
  Capacitance: 'Ёмкость',
  Cells: 'Количество элементов',
  Channels: 'Количество каналов',
  'Charge current': 'Ток заряда',
  Clock: 'Тактовая частота',
  'Coil voltage': 'Напряжение катушки',
  'Collector current': 'Ток коллектора',
  'Collector-emitter voltage': 'Напряжение коллектор-эмиттер',
  Colour: 'Цвет',
  'Colour temperature': 'Цветовая температура',
  Conductors: 'Количество проводников',
  'Contact rating': 'Коммутируемый ток',
  Contacts: 'Контактная группа',
  Core: 'Ядро',
  Cores: 'Количество жил',
  'Cross-section': 'Сечение',
  'Current limit': 'Ограничение тока',
  'Data rate': 'Скорость передачи',
  Diameter: 'Диаметр',
  Dielectric: 'Диэлектрик',
  'Drain current': 'Ток стока',
  'Drain-source voltage': 'Напряжение сток-исток',
  Flash: 'Flash-память',
  'Flux core': 'Содержание флюса',
  'Forward current': 'Прямой ток',
  Gauge: 'Калибр',
  Gender: 'Исполнение',
  Height: 'Высота',
  'Impedance at 100 MHz': 'Импеданс на 100 МГц',
  Inductance: 'Индуктивность',
  'Input voltage': 'Входное напряжение',
  'Input voltage max': 'Максимальное входное напряжение',
  Insulation: 'Изоляция',
  Isolation: 'Напряжение изоляции',
  LEDs: 'Светодиоды',
  Length: 'Длина',
  Lines: 'Количество линий',
  'Load current': 'Ток нагрузки',
  'Load voltage': 'Напряжение нагрузки',
  Material: 'Материал',
  'Output current': 'Выходной ток',
  'Output voltage': 'Выходное напряжение',
  'Peak pulse power': 'Пиковая импульсная мощность',
  'Pin diameter': 'Диаметр штыря',
  Pins: 'Количество контактов',
  Pitch: 'Шаг',
  Poles: 'Количество полюсов',
  Positions: 'Количество позиций',
  Power: 'Мощность',
  'Pulses per revolution': 'Импульсов на оборот',
  'Push switch': 'Кнопка',
  'Quiescent current': 'Ток покоя',
  RAM: 'ОЗУ',
  'Rated current': 'Номинальный ток',
  'Rated voltage': 'Номинальное напряжение',
  Resistance: 'Сопротивление',
  'Reverse voltage': 'Обратное напряжение',
  Rows: 'Количество рядов',
  'Shrink ratio': 'Коэффициент усадки',
  Size: 'Размер',
  Speed: 'Скорость',
  Standard: 'Стандарт',
  'Standoff voltage': 'Рабочее обратное напряжение',
  'Supply voltage': 'Напряжение питания',
  'Switch current': 'Ток ключа',
  'Switching frequency': 'Частота преобразования',
  Temperature: 'Максимальная температура',
  'Temperature coefficient': 'ТКС',
  Thread: 'Резьба',
  Tolerance: 'Допуск',
  Type: 'Тип',
  Voltage: 'Напряжение',
  'Voltage rating': 'Рабочее напряжение',
  Volume: 'Объём',
  Wavelength: 'Длина волны',
  Width: 'Ширина',
  'Zener voltage': 'Напряжение стабилизации',

  // Pipelines and their stages (the closed ones as amoCRM names them in Russian)
  Sales: 'Продажи',
  'Repeat customers': 'Повторные клиенты',
  'Incoming leads': 'Неразобранное',
  'First contact': 'Первичный контакт',
  'Needs identified': 'Потребность выявлена',
  'Proposal sent': 'КП отправлено',
  Negotiation: 'Переговоры',
  'Invoice issued': 'Счёт выставлен',
  'New request': 'Новый запрос',
  'Quote prepared': 'КП подготовлено',
  'Awaiting payment': 'Ожидание оплаты',
  'Closed - won': 'Успешно реализовано',
  'Closed - lost': 'Закрыто и не реализовано',

  // Loss reasons
  'Too expensive': 'Дорого',
  'Chose a competitor': 'Выбрали конкурента',
  'No response': 'Не выходит на связь',
  'No budget': 'Нет бюджета',
  'Postponed the purchase': 'Отложили покупку',
  'Delivery time too long': 'Долгий срок поставки',
  'Not what the customer needed': 'Не подошло клиенту',

  // Payment methods
  'Bank transfer': 'Безналичный расчёт',
  Card: 'Карта',
  Cash: 'Наличные',
  Instalments: 'Рассрочка',

  // What a lead asks for ("… for <company>")
  'Microcontroller batch': 'Партия микроконтроллеров',
  'Power supply components': 'Компоненты источников питания',
  'Connector kit': 'Комплект разъёмов',
  'Relay order': 'Заказ реле',
  'Prototype BOM': 'Комплектация прототипа',
  'Cable assemblies': 'Кабельные сборки',
  'Capacitor stock-up': 'Закупка конденсаторов',
  'Resistor reels': 'Резисторы в катушках',
  'Sensor modules': 'Модули датчиков',
  'Display modules': 'Модули дисплеев',
  'Motor driver boards': 'Платы драйверов двигателей',
  'Sample kit': 'Набор образцов',
  'LED drivers': 'Драйверы светодиодов',
  'Fuses and protection': 'Предохранители и защита',

  // Component descriptions
  [`Main MCU of the **controller boards** (CB-2 and CB-3).

- Arm Cortex-M3, 72 MHz, 64 KB flash, 20 KB SRAM
- Second source: \`MCU-GD32F103C8T6\` (pin-compatible; check the USB clock settings)
- Program over SWD with the *production* firmware from the release share

> Keep at least one full tray (250 pcs) in stock before a production run.`]: `Основной микроконтроллер **плат контроллера** (CB-2 и CB-3).

- Arm Cortex-M3, 72 МГц, Flash 64 КБ, SRAM 20 КБ
- Аналог: \`MCU-GD32F103C8T6\` (совместим по выводам; проверьте настройки тактирования USB)
- Прошивать по SWD *серийной* прошивкой из папки релизов

> Перед запуском серии держите на складе не меньше одного полного лотка (250 шт.).`,
  [`Wi-Fi/Bluetooth module used on the **gateway** boards.

1. Bake at 60 °C for 24 h if the moisture-barrier bag was open for more than 168 h.
2. Flash with \`esptool.py\` through the UART header.

Do not substitute the -32D (external antenna) variant.`]: `Модуль Wi-Fi/Bluetooth для плат **шлюза**.

1. Если влагозащитный пакет был вскрыт дольше 168 ч, просушите модули при 60 °C в течение 24 ч.
2. Прошивайте через разъём UART с помощью \`esptool.py\`.

Не заменяйте исполнением -32D (под внешнюю антенну).`,
  [`Needs an external QSPI flash (W25Q16JV) and a 12 MHz crystal.

| Pin | Use |
|---|---|
| GPIO0/1 | UART0 console |
| GPIO24 | status LED |`]: `Нужны внешняя QSPI Flash (W25Q16JV) и кварц 12 МГц.

| Вывод | Назначение |
|---|---|
| GPIO0/1 | консоль UART0 |
| GPIO24 | светодиод состояния |`,
  'Buck regulator of the **24 V power input** module. Use with `IND-47U-1260` and a 220 µF / 35 V output capacitor.':
    'Понижающий стабилизатор модуля **входного питания 24 В**. Ставится с `IND-47U-1260` и выходным конденсатором 220 мкФ / 35 В.',
  'Standard relay for the I/O boards. Replaces `RLY-SRD-05VDC` (archived: unstable supply).':
    'Основное реле плат ввода-вывода. Заменяет `RLY-SRD-05VDC` (в архиве: нестабильные поставки).',
  'General-purpose solder for **rework and prototypes** only; production boards are lead-free (`SOLDER-SAC305-0.8`).':
    'Припой общего назначения, только для **ремонта и прототипов**; серийные платы паяются без свинца (`SOLDER-SAC305-0.8`).',
  'Decant into 50 ml dispenser bottles at the workbench. *Flammable*: store in the safety cabinet on Shelf D.':
    'На рабочем месте разливать во флаконы-дозаторы по 50 мл. *Легковоспламеняющийся*: хранить в шкафу для ЛВЖ на стеллаже Г.',
  'USB-C receptacle for USB 2.0 devices. Needs 5.1 kΩ pull-downs on CC1 and CC2 (`RES-0603-5K1-F` is not stocked: use two 10 kΩ in parallel).':
    'Розетка USB-C для устройств USB 2.0. На CC1 и CC2 нужны резисторы 5,1 кОм на землю (`RES-0603-5K1-F` на складе нет: ставьте два по 10 кОм параллельно).',
};

/** Companies of the lead titles; a name without its legal form gets "ООО", as a Russian CRM shows it. */
const COMPANIES: Record<string, string> = {
  'Elektron-Service': 'Электрон-Сервис',
  'Volga Robotics': 'Волга Роботикс',
  'NPP Impuls': 'НПП «Импульс»',
  Tekhnosvyaz: 'Техносвязь',
  'Ural Instruments': 'Уралприбор',
  'Baltic Devices': 'Балтик Девайсез',
  Sibtronika: 'Сибтроника',
  'Kama Automation': 'Кама Автоматика',
  'Neva Lab': 'Нева Лаб',
  'Don Electro': 'Дон Электро',
  'Arktika Systems': 'Арктика Системс',
  'Polyus Engineering': 'Полюс Инжиниринг',
  'Vektor Plant': 'ОАО «Завод Вектор»',
  'Ladoga Tech': 'Ладога Тех',
  'Orion Telecom': 'Орион Телеком',
  Kaskad: 'Каскад',
  'Radian Metering': 'Радиан-Учёт',
  'Meridian Electronics': 'Меридиан Электроникс',
};

function company(english: string): string {
  const russian = COMPANIES[english] ?? untranslated('company', english);
  return russian.includes('«') ? russian : `ООО «${russian}»`;
}

function exactText(english: string): string {
  return TEXTS[english] ?? untranslated('text', english);
}

/** Texts with a number or a name in them, tried in order after the whole texts. */
const TEXT_PATTERNS: [RegExp, (...groups: string[]) => string][] = [
  [/^Shelf ([A-D])$/, (_, shelf = '') => `Стеллаж ${SHELF_LETTERS[shelf]}`],
  [/^Bin (\d+)$/, (_, bin) => `Ячейка ${bin}`],
  [/^Drawer (\d+)$/, (_, drawer) => `Ящик ${drawer}`],
  [/^Rack (\d+)$/, (_, rack) => `Стойка ${rack}`],
  [/^Shipment to (.+)$/, (_, department = '') => `Отправка в «${exactText(department)}»`],
  [
    /^Stocktake of Shelf ([A-D]): counted (.+)$/,
    (_, shelf = '', counted = '') =>
      `Инвентаризация стеллажа ${SHELF_LETTERS[shelf]}: по факту ${decimalCommas(counted)}`,
  ],
  [/^Website order #(\d+)$/, (_, number) => `Заказ с сайта № ${number}`],
  [/^(.+) for (.+)$/, (_, product = '', customer = '') => `${exactText(product)} для ${company(customer)}`],
];

function text(english: string): string {
  if (english === '') return '';
  const exact = TEXTS[english];
  if (exact !== undefined) return exact;
  for (const [pattern, render] of TEXT_PATTERNS) {
    const match = pattern.exec(english);
    if (match) return render(...match);
  }
  return untranslated('text', english);
}

// ---------------------------------------------------------------------------------------------------
// Component names and packages

const COLOURS: Record<string, string> = {
  red: 'красный',
  green: 'зелёный',
  blue: 'синий',
  yellow: 'жёлтый',
  white: 'белый',
  black: 'чёрный',
};

const CONTAINERS: Record<string, string> = {
  spool: 'Катушка',
  reel: 'Катушка',
  bobbin: 'Катушка',
  drum: 'Барабан',
  roll: 'Рулон',
  bottle: 'Флакон',
  pen: 'Карандаш',
  syringe: 'Шприц',
};

type Phrase = [pattern: RegExp, russian: string | ((...groups: string[]) => string)];

/**
 * Applied in order to every name and package; the numbers and units in them are converted afterwards.
 * Russian names put the kind of part first and its qualities after it ("Конденсатор керамический").
 */
const PART_PHRASES: Phrase[] = [
  // Passives
  [/^Resistor\b/, 'Резистор'],
  [/^Ceramic capacitor\b/, 'Конденсатор керамический'],
  [/^Electrolytic capacitor\b/, 'Конденсатор электролитический'],
  [/^Power inductor\b/, 'Дроссель силовой'],
  [/\bshielded\b/, 'экранированный'],
  [/^Ferrite bead (.+) at (.+)$/, 'Ферритовый фильтр $1 на $2'],

  // Diodes
  [/^Switching diode\b/, 'Диод импульсный'],
  [/^Rectifier diode\b/, 'Диод выпрямительный'],
  [/^Dual Schottky diode, series,/, 'Сборка из двух диодов Шоттки, последовательная,'],
  [/^Dual Schottky diode, common cathode,/, 'Сборка из двух диодов Шоттки с общим катодом,'],
  [/^Schottky diode\b/, 'Диод Шоттки'],
  [/^Zener diode\b/, 'Стабилитрон'],
  [/^TVS diode unidirectional\b/, 'TVS-диод однонаправленный'],
  [/^TVS diode bidirectional\b/, 'TVS-диод двунаправленный'],
  [/^ESD protection diode (.+) bidirectional$/, 'Защитный ESD-диод $1, двунаправленный'],
  [/^ESD protection for\b/, 'Защита от ESD для'],
  [/\b(\d+) lines\b/, (_, count = '') => plural(count, 'линия', 'линии', 'линий')],
  [/^LED (red|green|blue|yellow|white)\b/, (_, colour = '') => `Светодиод ${COLOURS[colour]}`],
  [/^Bridge rectifier\b/, 'Диодный мост'],

  // Transistors
  [/^([NP])-channel MOSFET\b/, 'Транзистор MOSFET $1-канальный'],
  [/\blogic level\b/, 'управление логическим уровнем'],
  [/^NPN medium-power transistor\b/, 'Транзистор NPN средней мощности'],
  [/^NPN Darlington transistor\b/, 'Транзистор Дарлингтона NPN'],
  [/^(NPN|PNP) transistor\b/, 'Транзистор $1'],

  // Microcontrollers and modules
  [/^Dual (Arm Cortex-M0\+) MCU\b/, 'Микроконтроллер 2 × $1'],
  [/^(Arm Cortex-M\d\+?) low-power MCU\b/, 'Микроконтроллер $1 с низким энергопотреблением'],
  [/^(Arm Cortex-M\d\+?|AVR|PIC) MCU\b/, 'Микроконтроллер $1'],
  [/^Ultra-low-power MCU\b/, 'Микроконтроллер со сверхнизким энергопотреблением'],
  [/\b(\d+ [KM]B) flash\b/, 'Flash $1'],
  [/\b(\d+ K?B) RAM\b/, 'ОЗУ $1'],
  [/\bexternal flash\b/, 'внешняя Flash'],
  [/^Bluetooth LE SoC\b/, 'SoC Bluetooth LE'],
  [/^Wi-Fi \+ Bluetooth module\b/, 'Модуль Wi-Fi + Bluetooth'],
  [/\bPCB antenna\b/, 'антенна на плате'],

  // Power management
  [/^Adjustable linear regulator\b/, 'Стабилизатор линейный регулируемый'],
  [/^Linear regulator\b/, 'Стабилизатор линейный'],
  [/^LDO regulator\b/, 'Стабилизатор LDO'],
  [/\blow dropout\b/, 'сверхмалое падение напряжения'],
  [/\blow noise\b/, 'малошумящий'],
  [/\b([\d.]+ µA) quiescent\b/, 'ток покоя $1'],
  [/^Buck-boost converter\b/, 'Преобразователь повышающе-понижающий'],
  [/^Buck converter\b/, 'Преобразователь понижающий'],
  [/ ([\d.–]+ V) in,/, ', вход $1,'],
  [/\b(\d+ A) switch\b/, 'ключ $1'],
  [/^USB power switch\b/, 'Ключ питания USB,'],
  [/\bcurrent limited\b/, 'с ограничением тока'],
  [/^Li-ion charger\b/, 'Контроллер заряда Li-Ion'],
  [/\bwith power path\b/, 'с функцией Power Path'],

  // Interface
  [/^Dual RS-232 driver\/receiver\b/, 'Приёмопередатчик RS-232 двухканальный'],
  [/^High-speed CAN transceiver\b/, 'Высокоскоростной приёмопередатчик CAN'],
  [/^(RS-485|CAN) transceiver\b/, 'Приёмопередатчик $1'],
  [/^USB to UART bridge\b/, 'Преобразователь USB–UART'],
  [/\bwith EEPROM\b/, 'с EEPROM'],
  [/^I²C level translator\b/, 'Преобразователь уровней I²C'],
  [/^8-bit bidirectional level shifter$/, 'Преобразователь логических уровней двунаправленный, 8 бит'],
  [/\b(\d+) channels\b/, (_, count = '') => plural(count, 'канал', 'канала', 'каналов')],
  [/^Dual-channel digital isolator\b/, 'Цифровой изолятор двухканальный'],
  [/^CAN controller with SPI$/, 'Контроллер CAN с интерфейсом SPI'],
  [/^Ethernet controller with TCP\/IP stack\b/, 'Контроллер Ethernet со стеком TCP/IP'],
  [/^Ethernet PHY\b/, 'Приёмопередатчик Ethernet (PHY)'],

  // Connectors
  [/^Pin header (.+), straight$/, 'Вилка штыревая $1, прямая'],
  [/^Female header (.+), straight$/, 'Розетка гнездовая $1, прямая'],
  [
    /^JST (\w+) header (\d+) pins, (.+), top entry$/,
    (_, series, pins = '', pitch) =>
      `Вилка JST ${series} на плату, ${plural(pins, 'контакт', 'контакта', 'контактов')}, ${pitch}, вертикальная`,
  ],
  [
    /^JST (\w+) crimp housing (\d+) pins$/,
    (_, series, pins = '') => `Корпус JST ${series} под обжим, ${plural(pins, 'контакт', 'контакта', 'контактов')}`,
  ],
  [
    /^PCB terminal block (\d+) positions, (.+), screw$/,
    (_, pins = '', pitch) =>
      `Клеммник винтовой на плату, ${plural(pins, 'контакт', 'контакта', 'контактов')}, ${pitch}`,
  ],
  [/^USB (Type-C|Type-A|Micro-B) receptacle\b/, 'Розетка USB $1'],
  [/\b(\d+) pins\b/, (_, count = '') => plural(count, 'контакт', 'контакта', 'контактов')],
  [/\bthrough hole$/, 'монтаж в отверстия'],
  [/^RJ45 jack with magnetics\b/, 'Розетка RJ45 с трансформатором'],
  [/, LEDs$/, ', со светодиодами'],
  [/^DC power jack\b/, 'Гнездо питания DC'],
  [/^IDC box header\b/, 'Вилка IDC в кожухе'],
  [/^D-sub (DE-9) female, right angle, PCB$/, 'Розетка D-sub $1, угловая, на плату'],

  // Switches and relays
  [/^Tactile switch\b/, 'Кнопка тактовая'],
  [/^Slide switch\b/, 'Переключатель движковый'],
  [
    /^DIP switch (\d+) positions$/,
    (_, count = '') => `DIP-переключатель, ${plural(count, 'позиция', 'позиции', 'позиций')}`,
  ],
  [/^Toggle switch\b/, 'Тумблер'],
  [/\bpanel mount$/, 'на панель'],
  [/^Rocker switch\b/, 'Переключатель клавишный'],
  [/\bsnap-in$/, 'в панель на защёлках'],
  [
    /^Rotary encoder (\d+) detents with switch$/,
    (_, count = '') => `Энкодер механический, ${plural(count, 'положение', 'положения', 'положений')}, с кнопкой`,
  ],
  [/^Power relay\b/, 'Реле силовое'],
  [/^Signal relay\b/, 'Реле сигнальное'],
  [/^Solid state relay\b/, 'Реле твердотельное'],
  [/\b(\d+ V) coil\b/, 'катушка $1'],
  [/\b(\d+ V) input$/, 'вход $1'],

  // Hardware
  [/^Socket head cap screw\b/, 'Винт с внутренним шестигранником'],
  [/^Pan head screw, Phillips\b/, 'Винт с полукруглой головкой под крест'],
  [/\bstainless A2$/, 'нержавеющая сталь A2'],
  [/^Hex nut\b/, 'Гайка шестигранная'],
  [/^Flat washer\b/, 'Шайба плоская'],
  [/^Hex standoff, brass nickel-plated\b/, 'Стойка шестигранная, латунь никелированная,'],
  [/^Nylon hex standoff\b/, 'Стойка шестигранная нейлоновая'],
  [/\bfemale-female$/, 'гайка-гайка'],
  [/\bmale-female$/, 'винт-гайка'],

  // Cables and wire
  [/^Hook-up wire\b/, 'Провод монтажный'],
  [/^Silicone wire\b/, 'Провод в силиконовой изоляции'],
  [/^(Heat-shrink tubing .+), black$/, '$1, чёрная'],
  [/^Heat-shrink tubing\b/, 'Трубка термоусадочная'],
  [/, (red|black|blue|yellow|green|white)$/, (_, colour = '') => `, ${COLOURS[colour]}`],
  [/^Flat ribbon cable (\d+) ways\b/, (_, count = '') => `Шлейф плоский, ${plural(count, 'жила', 'жилы', 'жил')}`],
  [/^Shielded control cable\b/, 'Кабель управления экранированный'],

  // Consumables
  [/^Solder wire\b/, 'Припой'],
  [/\bflux-cored$/, 'с флюсом'],
  [/\blead-free$/, 'бессвинцовый'],
  [/^No-clean liquid flux\b/, 'Флюс жидкий безотмывочный'],
  [/^No-clean tacky flux gel\b/, 'Флюс-гель безотмывочный'],
  [/^Rosin flux pen$/, 'Флюс-карандаш канифольный'],
  [/^Isopropyl alcohol\b/, 'Спирт изопропиловый'],
  [/^Silicone conformal coating$/, 'Лак защитный силиконовый'],
  [/^Desoldering braid\b/, 'Оплётка для выпайки'],
  [/^Polyimide tape\b/, 'Лента полиимидная'],

  // Packages
  [
    /^([\d.]+ (?:kg|l|ml|m)) (spool|reel|bobbin|drum|roll|bottle|pen|syringe)$/,
    (_, size, container = '') => `${CONTAINERS[container]} ${size}`,
  ],
  [/^Radial\b/, 'Радиальный'],
  [/^Module\b/, 'Модуль'],
  [/^Hex (?=\d)/, 'Шестигранник под ключ '],
  [/^Crimp housing$/, 'Корпус под обжим'],
  [/^Panel$/, 'Монтаж на панель'],
  [/^Snap-in$/, 'Монтаж на защёлках'],
];

function part(english: string): string {
  let russian = english;
  for (const [pattern, replacement] of PART_PHRASES) {
    russian =
      typeof replacement === 'string'
        ? russian.replace(pattern, replacement)
        : russian.replace(pattern, (...match: string[]) => replacement(...match));
  }
  russian = russianNumbers(russian);
  return englishWords(russian).length === 0 ? russian : untranslated('component name or package', english);
}

// ---------------------------------------------------------------------------------------------------
// Parameter values and units

/** Values in words; numbers, ranges and codes only get their decimal commas. */
const VALUES: Record<string, string> = {
  ...COLOURS,
  yes: 'да',
  female: 'розетка',
  silicone: 'силикон',
  PVC: 'ПВХ',
  'stainless steel A2': 'нержавеющая сталь A2',
  'brass, nickel-plated': 'латунь никелированная',
  'polyamide 6.6': 'полиамид ПА66',
  'N-channel MOSFET': 'MOSFET, N-канал',
  'P-channel MOSFET': 'MOSFET, P-канал',
  'NPN Darlington': 'NPN, составной (Дарлингтон)',
  'USB 2.0 full speed / UART': 'USB 2.0 Full Speed / UART',
};

function value(english: string): string {
  const russian = VALUES[english] ?? decimalCommas(english);
  return englishWords(russian).length === 0 ? russian : untranslated('parameter value', english);
}

function unit(english: string): string {
  return UNITS[english] ?? untranslated('unit', english);
}

// ---------------------------------------------------------------------------------------------------
// People

const FIRST_NAMES: Record<string, string> = {
  Alexandra: 'Александра',
  Alexey: 'Алексей',
  Alina: 'Алина',
  Anastasia: 'Анастасия',
  Andrey: 'Андрей',
  Anna: 'Анна',
  Anton: 'Антон',
  Artem: 'Артём',
  Boris: 'Борис',
  Daria: 'Дарья',
  Denis: 'Денис',
  Dmitry: 'Дмитрий',
  Ekaterina: 'Екатерина',
  Elena: 'Елена',
  Evgeny: 'Евгений',
  Galina: 'Галина',
  Gleb: 'Глеб',
  Igor: 'Игорь',
  Ilya: 'Илья',
  Inna: 'Инна',
  Irina: 'Ирина',
  Kirill: 'Кирилл',
  Konstantin: 'Константин',
  Kristina: 'Кристина',
  Larisa: 'Лариса',
  Margarita: 'Маргарита',
  Marina: 'Марина',
  Maxim: 'Максим',
  Mikhail: 'Михаил',
  Nadezhda: 'Надежда',
  Natalia: 'Наталья',
  Nikolai: 'Николай',
  Oksana: 'Оксана',
  Oleg: 'Олег',
  Olga: 'Ольга',
  Pavel: 'Павел',
  Polina: 'Полина',
  Roman: 'Роман',
  Sergey: 'Сергей',
  Sofia: 'София',
  Svetlana: 'Светлана',
  Tatiana: 'Татьяна',
  Timur: 'Тимур',
  Vadim: 'Вадим',
  Valentina: 'Валентина',
  Veronika: 'Вероника',
  Victoria: 'Виктория',
  Viktor: 'Виктор',
  Vladimir: 'Владимир',
  Yana: 'Яна',
  Yulia: 'Юлия',
  Yuri: 'Юрий',
};

/** Masculine forms; the feminine adds "а" in both languages (Antonov → Antonova, Антонов → Антонова). */
const SURNAMES: Record<string, string> = {
  Antonov: 'Антонов',
  Baranov: 'Баранов',
  Belov: 'Белов',
  Bogdanov: 'Богданов',
  Egorov: 'Егоров',
  Fedorov: 'Фёдоров',
  Filippov: 'Филиппов',
  Frolov: 'Фролов',
  Grigoriev: 'Григорьев',
  Gusev: 'Гусев',
  Ivanov: 'Иванов',
  Kiselev: 'Киселёв',
  Komarov: 'Комаров',
  Kozlov: 'Козлов',
  Kuznetsov: 'Кузнецов',
  Lebedev: 'Лебедев',
  Makarov: 'Макаров',
  Medvedev: 'Медведев',
  Morozov: 'Морозов',
  Nikitin: 'Никитин',
  Novikov: 'Новиков',
  Orlov: 'Орлов',
  Osipov: 'Осипов',
  Pavlov: 'Павлов',
  Petrov: 'Петров',
  Romanov: 'Романов',
  Smirnov: 'Смирнов',
  Sokolov: 'Соколов',
  Sorokin: 'Сорокин',
  Stepanov: 'Степанов',
  Tarasov: 'Тарасов',
  Vasiliev: 'Васильев',
  Volkov: 'Волков',
  Yakovlev: 'Яковлев',
  Zaitsev: 'Зайцев',
  Zhukov: 'Жуков',
};

function surname(english: string): string | undefined {
  const masculine = SURNAMES[english];
  if (masculine !== undefined) return masculine;
  const feminine = english.endsWith('a') ? SURNAMES[english.slice(0, -1)] : undefined;
  return feminine === undefined ? undefined : `${feminine}а`;
}

function person(english: string): string {
  const [first = '', last = '', ...rest] = english.split(' ');
  const firstName = FIRST_NAMES[first];
  const lastName = surname(last);
  if (rest.length > 0 || firstName === undefined || lastName === undefined) return untranslated('name', english);
  return `${firstName} ${lastName}`;
}

// ---------------------------------------------------------------------------------------------------
// Document numbers: a receipt note (ПН), a work order (ЗН), a customer order (ЗК), a transfer (ПМ) and a
// stocktake (ИНВ); the opening stock is "ввод остатков", as accounting software calls it.

const REFERENCES: [RegExp, (...groups: string[]) => string][] = [
  [/^INV-OPENING$/, () => 'ВВОД-ОСТАТКОВ'],
  [/^INV-(\d{4}-\d+)$/, (_, number) => `ПН-${number}`],
  [/^WO-(\d{4}-\d+)$/, (_, number) => `ЗН-${number}`],
  [/^SO-(\d{4}-\d+)$/, (_, number) => `ЗК-${number}`],
  [/^SH-(\d{4}-\d+)$/, (_, number) => `ПМ-${number}`],
  [/^STK-(\d{4})-([A-D])$/, (_, year, shelf = '') => `ИНВ-${year}-${SHELF_LETTERS[shelf]}`],
];

function reference(english: string): string {
  if (english === '') return '';
  for (const [pattern, render] of REFERENCES) {
    const match = pattern.exec(english);
    if (match) return render(...match);
  }
  return untranslated('document number', english);
}

export const RUSSIAN: DemoLanguage = { text, part, value, unit, person, reference };
