import type { PartRow, Stocking } from '../component-spec.js';

// biome-ignore format: a table reads best one part per line
export const DIODES: PartRow[] = [
  ['D-1N4148W', 'Switching diode 100 V 150 mA', 'Diodes Incorporated', '1N4148W-7-F', 'SOD-123', 180, 500, [['Reverse voltage', '100', 'V'], ['Forward current', '150', 'mA']]],
  ['D-1N4007', 'Rectifier diode 1000 V 1 A', 'Vishay', '1N4007-E3/54', 'DO-41', 350, 300, [['Reverse voltage', '1000', 'V'], ['Forward current', '1', 'A']]],
  ['D-SS14', 'Schottky diode 40 V 1 A', 'Vishay', 'SS14-E3/61T', 'SMA', 450, 400, [['Reverse voltage', '40', 'V'], ['Forward current', '1', 'A']]],
  ['D-SS34', 'Schottky diode 40 V 3 A', 'Vishay', 'SS34-E3/57T', 'SMC', 900, 200, [['Reverse voltage', '40', 'V'], ['Forward current', '3', 'A']]],
  ['D-BAT54S', 'Dual Schottky diode, series, 30 V 200 mA', 'Nexperia', 'BAT54S,215', 'SOT-23', 250, 300, [['Reverse voltage', '30', 'V'], ['Forward current', '200', 'mA']]],
  ['D-BAT54C', 'Dual Schottky diode, common cathode, 30 V 200 mA', 'Nexperia', 'BAT54C,215', 'SOT-23', 250, 200, [['Reverse voltage', '30', 'V'], ['Forward current', '200', 'mA']]],
  ['D-MBR0520', 'Schottky diode 20 V 0.5 A', 'onsemi', 'MBR0520LT1G', 'SOD-123', 400, 200, [['Reverse voltage', '20', 'V'], ['Forward current', '0.5', 'A']]],
  ['DZ-BZX84-3V3', 'Zener diode 3.3 V 250 mW', 'Nexperia', 'BZX84-C3V3,215', 'SOT-23', 200, 200, [['Zener voltage', '3.3', 'V'], ['Power', '250', 'mW']]],
  ['DZ-BZX84-5V1', 'Zener diode 5.1 V 250 mW', 'Nexperia', 'BZX84-C5V1,215', 'SOT-23', 200, 200, [['Zener voltage', '5.1', 'V'], ['Power', '250', 'mW']]],
  ['DZ-BZX84-12V', 'Zener diode 12 V 250 mW', 'Nexperia', 'BZX84-C12,215', 'SOT-23', 200, 100, [['Zener voltage', '12', 'V'], ['Power', '250', 'mW']]],
  ['TVS-SMBJ5.0A', 'TVS diode unidirectional 5 V 600 W', 'Littelfuse', 'SMBJ5.0A', 'SMB', 1200, 100, [['Standoff voltage', '5', 'V'], ['Peak pulse power', '600', 'W']]],
  ['TVS-SMAJ15A', 'TVS diode unidirectional 15 V 400 W', 'Littelfuse', 'SMAJ15A', 'SMA', 1000, 100, [['Standoff voltage', '15', 'V'], ['Peak pulse power', '400', 'W']]],
  ['TVS-SMBJ24CA', 'TVS diode bidirectional 24 V 600 W', 'Littelfuse', 'SMBJ24CA', 'SMB', 1300, 100, [['Standoff voltage', '24', 'V'], ['Peak pulse power', '600', 'W']]],
  ['ESD-PESD5V0S1BL', 'ESD protection diode 5 V bidirectional', 'Nexperia', 'PESD5V0S1BL,315', 'SOD-882', 600, 200, [['Standoff voltage', '5', 'V']]],
  ['ESD-USBLC6-2SC6', 'ESD protection for USB 2.0, 2 lines', 'STMicroelectronics', 'USBLC6-2SC6', 'SOT-23-6', 2100, 100, [['Lines', '2', ''], ['Standoff voltage', '5.25', 'V']]],
  ['LED-0603-RD', 'LED red 0603', 'Würth Elektronik', '150060RS75000', '0603', 450, 500, [['Colour', 'red', ''], ['Wavelength', '625', 'nm']]],
  ['LED-0603-GN', 'LED green 0603', 'Würth Elektronik', '150060GS75000', '0603', 450, 500, [['Colour', 'green', ''], ['Wavelength', '525', 'nm']]],
  ['LED-0603-BL', 'LED blue 0603', 'Würth Elektronik', '150060BS75000', '0603', 520, 300, [['Colour', 'blue', ''], ['Wavelength', '470', 'nm']]],
  ['LED-0603-YE', 'LED yellow 0603', 'Würth Elektronik', '150060YS75000', '0603', 450, 300, [['Colour', 'yellow', ''], ['Wavelength', '590', 'nm']]],
  ['LED-0603-WH', 'LED white 0603', 'Würth Elektronik', '150060WS75000', '0603', 600, 200, [['Colour', 'white', ''], ['Colour temperature', '6500', 'K']]],
  ['BR-MB6S', 'Bridge rectifier 600 V 0.5 A', 'onsemi', 'MB6S', 'SOIC-4', 700, 100, [['Reverse voltage', '600', 'V'], ['Forward current', '0.5', 'A']]],
];

// biome-ignore format: a table reads best one part per line
export const TRANSISTORS: PartRow[] = [
  ['Q-2N7002', 'N-channel MOSFET 60 V 0.3 A', 'Nexperia', '2N7002,215', 'SOT-23', 250, 500, [['Type', 'N-channel MOSFET', ''], ['Drain-source voltage', '60', 'V'], ['Drain current', '0.3', 'A']]],
  ['Q-BSS138', 'N-channel MOSFET 50 V 0.22 A, logic level', 'Nexperia', 'BSS138,215', 'SOT-23', 300, 300, [['Type', 'N-channel MOSFET', ''], ['Drain-source voltage', '50', 'V'], ['Drain current', '0.22', 'A']]],
  ['Q-AO3400A', 'N-channel MOSFET 30 V 5.7 A', 'Alpha & Omega Semiconductor', 'AO3400A', 'SOT-23', 600, 300, [['Type', 'N-channel MOSFET', ''], ['Drain-source voltage', '30', 'V'], ['Drain current', '5.7', 'A']]],
  ['Q-AO3401A', 'P-channel MOSFET 30 V 4 A', 'Alpha & Omega Semiconductor', 'AO3401A', 'SOT-23', 650, 200, [['Type', 'P-channel MOSFET', ''], ['Drain-source voltage', '-30', 'V'], ['Drain current', '-4', 'A']]],
  ['Q-IRLML6402', 'P-channel MOSFET 20 V 3.7 A', 'Infineon', 'IRLML6402TRPBF', 'SOT-23', 1100, 100, [['Type', 'P-channel MOSFET', ''], ['Drain-source voltage', '-20', 'V'], ['Drain current', '-3.7', 'A']]],
  ['Q-IRLML2502', 'N-channel MOSFET 20 V 4.2 A', 'Infineon', 'IRLML2502TRPBF', 'SOT-23', 1000, 100, [['Type', 'N-channel MOSFET', ''], ['Drain-source voltage', '20', 'V'], ['Drain current', '4.2', 'A']]],
  ['Q-IRF540N', 'N-channel MOSFET 100 V 33 A', 'Infineon', 'IRF540NPBF', 'TO-220', 9500, 20, [['Type', 'N-channel MOSFET', ''], ['Drain-source voltage', '100', 'V'], ['Drain current', '33', 'A']]],
  ['Q-IRLZ44N', 'N-channel MOSFET 55 V 47 A, logic level', 'Infineon', 'IRLZ44NPBF', 'TO-220', 11_000, 20, [['Type', 'N-channel MOSFET', ''], ['Drain-source voltage', '55', 'V'], ['Drain current', '47', 'A']]],
  ['Q-IRF4905', 'P-channel MOSFET 55 V 74 A', 'Infineon', 'IRF4905PBF', 'TO-220', 14_500, 10, [['Type', 'P-channel MOSFET', ''], ['Drain-source voltage', '-55', 'V'], ['Drain current', '-74', 'A']]],
  ['Q-BC847B', 'NPN transistor 45 V 100 mA', 'Nexperia', 'BC847B,215', 'SOT-23', 150, 500, [['Type', 'NPN', ''], ['Collector-emitter voltage', '45', 'V'], ['Collector current', '100', 'mA']]],
  ['Q-BC857B', 'PNP transistor 45 V 100 mA', 'Nexperia', 'BC857B,215', 'SOT-23', 150, 300, [['Type', 'PNP', ''], ['Collector-emitter voltage', '-45', 'V'], ['Collector current', '-100', 'mA']]],
  ['Q-MMBT3904', 'NPN transistor 40 V 200 mA', 'onsemi', 'MMBT3904LT1G', 'SOT-23', 180, 300, [['Type', 'NPN', ''], ['Collector-emitter voltage', '40', 'V'], ['Collector current', '200', 'mA']]],
  ['Q-MMBT3906', 'PNP transistor 40 V 200 mA', 'onsemi', 'MMBT3906LT1G', 'SOT-23', 180, 200, [['Type', 'PNP', ''], ['Collector-emitter voltage', '-40', 'V'], ['Collector current', '-200', 'mA']]],
  ['Q-MMBT2222A', 'NPN transistor 40 V 600 mA', 'onsemi', 'MMBT2222ALT1G', 'SOT-23', 200, 200, [['Type', 'NPN', ''], ['Collector-emitter voltage', '40', 'V'], ['Collector current', '600', 'mA']]],
  ['Q-BCP56-16', 'NPN medium-power transistor 80 V 1 A', 'Nexperia', 'BCP56-16,115', 'SOT-223', 800, 100, [['Type', 'NPN', ''], ['Collector-emitter voltage', '80', 'V'], ['Collector current', '1', 'A']]],
  ['Q-TIP120', 'NPN Darlington transistor 60 V 5 A', 'STMicroelectronics', 'TIP120', 'TO-220', 6500, 10, [['Type', 'NPN Darlington', ''], ['Collector-emitter voltage', '60', 'V'], ['Collector current', '5', 'A']]],
  ['Q-DMG2305UX', 'P-channel MOSFET 20 V 4.2 A', 'Diodes Incorporated', 'DMG2305UX-7', 'SOT-23', 700, 100, [['Type', 'P-channel MOSFET', ''], ['Drain-source voltage', '-20', 'V'], ['Drain current', '-4.2', 'A']]],
];

// biome-ignore format: a table reads best one part per line
export const MICROCONTROLLERS: PartRow[] = [
  ['MCU-STM32F103C8T6', 'Arm Cortex-M3 MCU 72 MHz, 64 KB flash, 20 KB RAM', 'STMicroelectronics', 'STM32F103C8T6', 'LQFP-48', 38_000, 30, [['Core', 'Cortex-M3', ''], ['Clock', '72', 'MHz'], ['Flash', '64', 'KB'], ['RAM', '20', 'KB']]],
  ['MCU-STM32F030F4P6', 'Arm Cortex-M0 MCU 48 MHz, 16 KB flash, 4 KB RAM', 'STMicroelectronics', 'STM32F030F4P6', 'TSSOP-20', 9500, 50, [['Core', 'Cortex-M0', ''], ['Clock', '48', 'MHz'], ['Flash', '16', 'KB'], ['RAM', '4', 'KB']]],
  ['MCU-STM32G031K8T6', 'Arm Cortex-M0+ MCU 64 MHz, 64 KB flash, 8 KB RAM', 'STMicroelectronics', 'STM32G031K8T6', 'LQFP-32', 16_000, 30, [['Core', 'Cortex-M0+', ''], ['Clock', '64', 'MHz'], ['Flash', '64', 'KB'], ['RAM', '8', 'KB']]],
  ['MCU-STM32L432KCU6', 'Arm Cortex-M4 low-power MCU 80 MHz, 256 KB flash, 64 KB RAM', 'STMicroelectronics', 'STM32L432KCU6', 'UFQFPN-32', 52_000, 20, [['Core', 'Cortex-M4F', ''], ['Clock', '80', 'MHz'], ['Flash', '256', 'KB'], ['RAM', '64', 'KB']]],
  ['MCU-STM32F411CEU6', 'Arm Cortex-M4 MCU 100 MHz, 512 KB flash, 128 KB RAM', 'STMicroelectronics', 'STM32F411CEU6', 'UFQFPN-48', 61_000, 20, [['Core', 'Cortex-M4F', ''], ['Clock', '100', 'MHz'], ['Flash', '512', 'KB'], ['RAM', '128', 'KB']]],
  ['MCU-ATMEGA328P-AU', 'AVR MCU 20 MHz, 32 KB flash, 2 KB RAM', 'Microchip', 'ATMEGA328P-AU', 'TQFP-32', 24_000, 30, [['Core', 'AVR', ''], ['Clock', '20', 'MHz'], ['Flash', '32', 'KB'], ['RAM', '2', 'KB']]],
  ['MCU-ATTINY85-20SU', 'AVR MCU 20 MHz, 8 KB flash, 512 B RAM', 'Microchip', 'ATTINY85-20SU', 'SOIC-8', 12_000, 30, [['Core', 'AVR', ''], ['Clock', '20', 'MHz'], ['Flash', '8', 'KB'], ['RAM', '0.5', 'KB']]],
  ['MCU-PIC16F1847-I/SO', 'PIC MCU 32 MHz, 14 KB flash, 1 KB RAM', 'Microchip', 'PIC16F1847-I/SO', 'SOIC-18', 17_000, 10, [['Core', 'PIC16', ''], ['Clock', '32', 'MHz'], ['Flash', '14', 'KB'], ['RAM', '1', 'KB']]],
  ['MCU-RP2040', 'Dual Arm Cortex-M0+ MCU 133 MHz, 264 KB RAM, external flash', 'Raspberry Pi', 'RP2040', 'QFN-56', 9000, 50, [['Core', '2 × Cortex-M0+', ''], ['Clock', '133', 'MHz'], ['RAM', '264', 'KB']]],
  ['MOD-ESP32-WROOM-32E', 'Wi-Fi + Bluetooth module, ESP32, 4 MB flash, PCB antenna', 'Espressif', 'ESP32-WROOM-32E-N4', 'Module 18 × 25.5 mm', 32_000, 40, [['Core', '2 × Xtensa LX6', ''], ['Clock', '240', 'MHz'], ['Flash', '4', 'MB'], ['RAM', '520', 'KB']]],
  ['MCU-NRF52832-QFAA', 'Bluetooth LE SoC, Cortex-M4F 64 MHz, 512 KB flash', 'Nordic Semiconductor', 'NRF52832-QFAA-R', 'QFN-48', 41_000, 20, [['Core', 'Cortex-M4F', ''], ['Clock', '64', 'MHz'], ['Flash', '512', 'KB'], ['RAM', '64', 'KB']]],
  ['MCU-MSP430G2553IPW20', 'Ultra-low-power MCU 16 MHz, 16 KB flash, 512 B RAM', 'Texas Instruments', 'MSP430G2553IPW20R', 'TSSOP-20', 19_000, 10, [['Core', 'MSP430', ''], ['Clock', '16', 'MHz'], ['Flash', '16', 'KB'], ['RAM', '0.5', 'KB']]],
  ['MCU-GD32F103C8T6', 'Arm Cortex-M3 MCU 108 MHz, 64 KB flash, 20 KB RAM', 'GigaDevice', 'GD32F103C8T6', 'LQFP-48', 21_000, 30, [['Core', 'Cortex-M3', ''], ['Clock', '108', 'MHz'], ['Flash', '64', 'KB'], ['RAM', '20', 'KB']]],
  ['MCU-ATMEGA8A-AU', 'AVR MCU 16 MHz, 8 KB flash, 1 KB RAM', 'Microchip', 'ATMEGA8A-AU', 'TQFP-32', 19_000, 0, [['Core', 'AVR', ''], ['Clock', '16', 'MHz'], ['Flash', '8', 'KB'], ['RAM', '1', 'KB']]],
];

// biome-ignore format: a table reads best one part per line
export const POWER_MANAGEMENT: PartRow[] = [
  ['PM-LM1117-3.3', 'LDO regulator 3.3 V 0.8 A', 'Texas Instruments', 'LM1117IMPX-3.3/NOPB', 'SOT-223', 2800, 100, [['Output voltage', '3.3', 'V'], ['Output current', '0.8', 'A'], ['Input voltage max', '15', 'V']]],
  ['PM-AMS1117-3.3', 'LDO regulator 3.3 V 1 A', 'Advanced Monolithic Systems', 'AMS1117-3.3', 'SOT-223', 900, 200, [['Output voltage', '3.3', 'V'], ['Output current', '1', 'A'], ['Input voltage max', '15', 'V']]],
  ['PM-L7805CV', 'Linear regulator 5 V 1.5 A', 'STMicroelectronics', 'L7805CV', 'TO-220', 3500, 50, [['Output voltage', '5', 'V'], ['Output current', '1.5', 'A'], ['Input voltage max', '35', 'V']]],
  ['PM-LM317T', 'Adjustable linear regulator 1.25–37 V 1.5 A', 'STMicroelectronics', 'LM317T', 'TO-220', 4200, 30, [['Output voltage', '1.25–37', 'V'], ['Output current', '1.5', 'A']]],
  ['PM-TPS54331DR', 'Buck converter 3.5–28 V in, 3 A', 'Texas Instruments', 'TPS54331DR', 'SOIC-8', 9800, 50, [['Input voltage', '3.5–28', 'V'], ['Output current', '3', 'A'], ['Switching frequency', '570', 'kHz']]],
  ['PM-LM2596S-5.0', 'Buck converter 5 V 3 A', 'Texas Instruments', 'LM2596S-5.0/NOPB', 'TO-263-5', 21_000, 20, [['Output voltage', '5', 'V'], ['Output current', '3', 'A'], ['Switching frequency', '150', 'kHz']]],
  ['PM-MP1584EN', 'Buck converter 4.5–28 V in, 3 A, 1.5 MHz', 'Monolithic Power Systems', 'MP1584EN-LF-Z', 'SOIC-8E', 6500, 50, [['Input voltage', '4.5–28', 'V'], ['Output current', '3', 'A'], ['Switching frequency', '1500', 'kHz']]],
  ['PM-TPS63020DSJR', 'Buck-boost converter 1.8–5.5 V in, 4 A switch', 'Texas Instruments', 'TPS63020DSJR', 'VSON-14', 24_000, 10, [['Input voltage', '1.8–5.5', 'V'], ['Switch current', '4', 'A']]],
  ['PM-MCP1700-3302E', 'LDO regulator 3.3 V 250 mA, 1.6 µA quiescent', 'Microchip', 'MCP1700T-3302E/TT', 'SOT-23', 1400, 100, [['Output voltage', '3.3', 'V'], ['Output current', '250', 'mA'], ['Quiescent current', '1.6', 'µA']]],
  ['PM-AP2112K-3.3', 'LDO regulator 3.3 V 600 mA', 'Diodes Incorporated', 'AP2112K-3.3TRG1', 'SOT-23-5', 1100, 200, [['Output voltage', '3.3', 'V'], ['Output current', '600', 'mA']]],
  ['PM-TLV1117LV33', 'LDO regulator 3.3 V 1 A, low dropout', 'Texas Instruments', 'TLV1117LV33DCYR', 'SOT-223', 1600, 100, [['Output voltage', '3.3', 'V'], ['Output current', '1', 'A']]],
  ['PM-LP2985-33', 'LDO regulator 3.3 V 150 mA, low noise', 'Texas Instruments', 'LP2985-33DBVR', 'SOT-23-5', 1300, 50, [['Output voltage', '3.3', 'V'], ['Output current', '150', 'mA']]],
  ['PM-MIC5219-3.3', 'LDO regulator 3.3 V 500 mA', 'Microchip', 'MIC5219-3.3YM5-TR', 'SOT-23-5', 2200, 50, [['Output voltage', '3.3', 'V'], ['Output current', '500', 'mA']]],
  ['PM-TPS2051B', 'USB power switch 0.5 A, current limited', 'Texas Instruments', 'TPS2051BDBVR', 'SOT-23-5', 1900, 50, [['Current limit', '0.5', 'A'], ['Input voltage', '2.7–5.5', 'V']]],
  ['PM-BQ24075', 'Li-ion charger 1.5 A with power path', 'Texas Instruments', 'BQ24075RGTR', 'VQFN-16', 15_000, 20, [['Charge current', '1.5', 'A'], ['Cells', '1', '']]],
  ['PM-TP4056', 'Li-ion charger 1 A', 'NanJing Top Power', 'TP4056', 'ESOP-8', 600, 100, [['Charge current', '1', 'A'], ['Cells', '1', '']]],
];

// biome-ignore format: a table reads best one part per line
export const INTERFACE_ICS: PartRow[] = [
  ['IF-MAX232DR', 'Dual RS-232 driver/receiver, 5 V', 'Texas Instruments', 'MAX232DR', 'SOIC-16', 4500, 0, [['Interface', 'RS-232', ''], ['Supply voltage', '5', 'V']]],
  ['IF-MAX3485ESA', 'RS-485 transceiver 3.3 V, 10 Mbps', 'Analog Devices', 'MAX3485ESA+', 'SOIC-8', 9500, 30, [['Interface', 'RS-485', ''], ['Data rate', '10', 'Mbps']]],
  ['IF-SN65HVD230DR', 'CAN transceiver 3.3 V, 1 Mbps', 'Texas Instruments', 'SN65HVD230DR', 'SOIC-8', 5200, 30, [['Interface', 'CAN', ''], ['Data rate', '1', 'Mbps']]],
  ['IF-TJA1050T', 'High-speed CAN transceiver 5 V', 'NXP Semiconductors', 'TJA1050T/CM,118', 'SOIC-8', 4800, 20, [['Interface', 'CAN', ''], ['Data rate', '1', 'Mbps']]],
  ['IF-CH340G', 'USB to UART bridge', 'WCH', 'CH340G', 'SOIC-16', 1500, 50, [['Interface', 'USB 2.0 full speed / UART', '']]],
  ['IF-FT232RL', 'USB to UART bridge with EEPROM', 'FTDI', 'FT232RL-REEL', 'SSOP-28', 39_000, 10, [['Interface', 'USB 2.0 full speed / UART', '']]],
  ['IF-CP2102N', 'USB to UART bridge, QFN-28', 'Silicon Labs', 'CP2102N-A02-GQFN28R', 'QFN-28', 16_000, 20, [['Interface', 'USB 2.0 full speed / UART', '']]],
  ['IF-ADM485ARZ', 'RS-485 transceiver 5 V, 5 Mbps', 'Analog Devices', 'ADM485ARZ', 'SOIC-8', 11_000, 10, [['Interface', 'RS-485', ''], ['Data rate', '5', 'Mbps']]],
  ['IF-PCA9306DCUR', 'I²C level translator, 2 channels', 'Texas Instruments', 'PCA9306DCUR', 'VSSOP-8', 2300, 30, [['Channels', '2', ''], ['Interface', 'I²C', '']]],
  ['IF-TXS0108EPWR', '8-bit bidirectional level shifter', 'Texas Instruments', 'TXS0108EPWR', 'TSSOP-20', 4700, 20, [['Channels', '8', ''], ['Data rate', '110', 'Mbps']]],
  ['IF-ISO7721DR', 'Dual-channel digital isolator 5 kV', 'Texas Instruments', 'ISO7721DR', 'SOIC-8', 13_000, 10, [['Channels', '2', ''], ['Isolation', '5000', 'V']]],
  ['IF-ADUM1201ARZ', 'Dual-channel digital isolator 2.5 kV', 'Analog Devices', 'ADUM1201ARZ', 'SOIC-8', 21_000, 10, [['Channels', '2', ''], ['Isolation', '2500', 'V']]],
  ['IF-MCP2515-I/SO', 'CAN controller with SPI', 'Microchip', 'MCP2515-I/SO', 'SOIC-18', 14_000, 20, [['Interface', 'CAN / SPI', '']]],
  ['IF-W5500', 'Ethernet controller with TCP/IP stack, SPI', 'WIZnet', 'W5500', 'LQFP-48', 28_000, 10, [['Interface', 'Ethernet 10/100 / SPI', '']]],
  ['IF-LAN8720A', 'Ethernet PHY 10/100, RMII', 'Microchip', 'LAN8720A-CP-TR', 'QFN-24', 9800, 10, [['Interface', 'Ethernet 10/100 / RMII', '']]],
];

export const MCU_STOCKING = (row: PartRow): Stocking => ({ lot: row[6] >= 50 ? 100 : 50, usage: 4, rate: 0.12 });
