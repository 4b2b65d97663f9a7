import { type ComponentSpec, parts } from './component-spec.js';
import { cables } from './parts/cables.js';
import { consumables } from './parts/consumables.js';
import { connectors, RELAYS, SWITCHES } from './parts/electromechanical.js';
import { hardware } from './parts/hardware.js';
import { ceramicCapacitors, electrolyticCapacitors, inductors, resistors } from './parts/passives.js';
import {
  DIODES,
  INTERFACE_ICS,
  MCU_STOCKING,
  MICROCONTROLLERS,
  POWER_MANAGEMENT,
  TRANSISTORS,
} from './parts/semiconductors.js';

const DESCRIPTIONS: Record<string, string> = {
  'MCU-STM32F103C8T6': `Main MCU of the **controller boards** (CB-2 and CB-3).

- Arm Cortex-M3, 72 MHz, 64 KB flash, 20 KB SRAM
- Second source: \`MCU-GD32F103C8T6\` (pin-compatible; check the USB clock settings)
- Program over SWD with the *production* firmware from the release share

> Keep at least one full tray (250 pcs) in stock before a production run.`,
  'MOD-ESP32-WROOM-32E': `Wi-Fi/Bluetooth module used on the **gateway** boards.

1. Bake at 60 °C for 24 h if the moisture-barrier bag was open for more than 168 h.
2. Flash with \`esptool.py\` through the UART header.

Do not substitute the -32D (external antenna) variant.`,
  'MCU-RP2040': `Needs an external QSPI flash (W25Q16JV) and a 12 MHz crystal.

| Pin | Use |
|---|---|
| GPIO0/1 | UART0 console |
| GPIO24 | status LED |`,
  'PM-LM2596S-5.0': `Buck regulator of the **24 V power input** module. Use with \`IND-47U-1260\` and a 220 µF / 35 V output capacitor.`,
  'RLY-G5LE-1-5V': `Standard relay for the I/O boards. Replaces \`RLY-SRD-05VDC\` (archived: unstable supply).`,
  'SOLDER-SN63-0.8': `General-purpose solder for **rework and prototypes** only; production boards are lead-free (\`SOLDER-SAC305-0.8\`).`,
  'FLUX-951-1L': `Decant into 50 ml dispenser bottles at the workbench. *Flammable*: store in the safety cabinet on Shelf D.`,
  'CON-USBC-16P': `USB-C receptacle for USB 2.0 devices. Needs 5.1 kΩ pull-downs on CC1 and CC2 (\`RES-0603-5K1-F\` is not stocked: use two 10 kΩ in parallel).`,
};

const DATASHEETS: Record<string, string> = {
  'MCU-STM32F103C8T6': 'https://www.st.com/resource/en/datasheet/stm32f103c8.pdf',
  'MCU-STM32F030F4P6': 'https://www.st.com/resource/en/datasheet/stm32f030f4.pdf',
  'PM-LM1117-3.3': 'https://www.ti.com/lit/ds/symlink/lm1117.pdf',
  'PM-TPS54331DR': 'https://www.ti.com/lit/ds/symlink/tps54331.pdf',
  'PM-LM2596S-5.0': 'https://www.ti.com/lit/ds/symlink/lm2596.pdf',
  'IF-SN65HVD230DR': 'https://www.ti.com/lit/ds/symlink/sn65hvd230.pdf',
  'IF-MAX232DR': 'https://www.ti.com/lit/ds/symlink/max232.pdf',
  'IF-TXS0108EPWR': 'https://www.ti.com/lit/ds/symlink/txs0108e.pdf',
};

/** Archived parts: two used up and retired during the period, two never stocked. */
const ARCHIVED: Record<string, ComponentSpec['archived']> = {
  'MCU-ATMEGA8A-AU': 'with-history',
  'IF-MAX232DR': 'with-history',
  'RLY-SRD-05VDC': 'unused',
  'RES-1206-1M-F': 'unused',
};

/** Components the period ends without reordering: their stock runs below the minimum. */
const NEGLECTED = new Set([
  'RES-0603-4K7-F',
  'CAP-0603-100N-X7R-50V',
  'Q-AO3400A',
  'PM-AMS1117-3.3',
  'CON-XH-2P-TH',
  'SW-TACT-6X6-SMD',
  'SCR-M3X10-DIN912-A2',
  'WIRE-UL1007-24AWG-RD',
  'SOLDER-SN63-0.8',
  'LED-0603-RD',
  'MCU-STM32G031K8T6',
  'IF-CH340G',
]);

/** Recently added to the catalogue; nothing received yet. */
const NOT_YET_STOCKED = new Set(['MCU-NRF52832-QFAA', 'IF-W5500', 'RLY-40.52-24V', 'STD-M2.5X11-MF', 'CBL-RIBBON-40W']);

const SAMPLES: Record<string, ('moscow' | 'online')[]> = {
  'MCU-STM32F103C8T6': ['moscow', 'online'],
  'MCU-RP2040': ['moscow', 'online'],
  'MOD-ESP32-WROOM-32E': ['moscow', 'online'],
  'MCU-ATMEGA328P-AU': ['moscow', 'online'],
  'MCU-STM32F411CEU6': ['moscow'],
  'PM-LM2596S-5.0': ['moscow', 'online'],
  'PM-MP1584EN': ['online'],
  'PM-TP4056': ['online'],
  'IF-CH340G': ['online'],
  'IF-CP2102N': ['moscow'],
  'RLY-G5LE-1-5V': ['moscow', 'online'],
  'RLY-G3MB-202P': ['moscow'],
  'RLY-G6K-2F-5V': ['moscow'],
  'SW-TACT-6X6-TH': ['online'],
  'SW-ENC-PEC11R': ['moscow', 'online'],
  'SW-TOGGLE-SPDT': ['moscow'],
  'CON-USBC-16P': ['moscow', 'online'],
  'CON-RJ45-MAG': ['moscow'],
  'CON-TB-2P-5.08': ['online'],
  'CON-PH-1X40-2.54': ['online'],
  'CON-XH-4P-TH': ['online'],
  'LED-0603-RD': ['online'],
  'LED-0603-BL': ['moscow'],
  'WIRE-SIL-18AWG-RD': ['online'],
  'WIRE-SIL-18AWG-BK': ['online'],
  'SOLDER-SN63-0.8': ['online'],
  'FLUX-951-1L': ['online'],
  'IND-10U-7345': ['moscow'],
  'Q-IRLZ44N': ['moscow', 'online'],
  'TVS-SMBJ5.0A': ['moscow'],
};

/** The whole demo catalogue, in a fixed order. */
export function demoComponents(): ComponentSpec[] {
  const all = [
    ...resistors(),
    ...ceramicCapacitors(),
    ...electrolyticCapacitors(),
    ...inductors(),
    ...parts('Semiconductors / Diodes', DIODES, (row) => ({
      lot: row[6] >= 300 ? 3000 : 1000,
      usage: row[6] >= 300 ? 40 : 10,
      rate: 0.12,
    })),
    ...parts('Semiconductors / Transistors', TRANSISTORS, (row) => ({
      lot: row[6] >= 100 ? 3000 : 50,
      usage: row[6] >= 100 ? 30 : 4,
      rate: 0.1,
    })),
    ...parts('Semiconductors / ICs / Microcontrollers', MICROCONTROLLERS, MCU_STOCKING),
    ...parts('Semiconductors / ICs / Power management', POWER_MANAGEMENT, (row) => ({
      lot: row[6] >= 100 ? 500 : 100,
      usage: row[6] >= 100 ? 12 : 4,
      rate: 0.1,
    })),
    ...parts('Semiconductors / ICs / Interface', INTERFACE_ICS, MCU_STOCKING),
    ...connectors(),
    ...parts('Electromechanical / Switches', SWITCHES, (row) => ({
      lot: row[6] >= 100 ? 500 : 50,
      usage: row[6] >= 100 ? 12 : 3,
      rate: 0.08,
    })),
    ...parts('Electromechanical / Relays', RELAYS, () => ({ lot: 50, usage: 3, rate: 0.07 })),
    ...hardware(),
    ...cables(),
    ...consumables(),
  ];
  return all.map((spec) => {
    const description = DESCRIPTIONS[spec.sku];
    const datasheet = DATASHEETS[spec.sku];
    const archived = ARCHIVED[spec.sku];
    const samples = SAMPLES[spec.sku];
    return {
      ...spec,
      ...(description !== undefined && { description }),
      ...(datasheet !== undefined && { datasheet }),
      ...(archived !== undefined && { archived }),
      ...(samples !== undefined && { samples }),
      stocking:
        NOT_YET_STOCKED.has(spec.sku) || archived !== undefined || !spec.stocking
          ? null
          : { ...spec.stocking, ...(NEGLECTED.has(spec.sku) && { neglected: true }) },
    };
  });
}
