import { describe, expect, it } from 'vitest';
import { fecField, fecText, isFecText } from './fec-text';

describe('the FEC text rule: printable ASCII only', () => {
  it('transliterates names and addresses', () => {
    expect(fecText('José Núñez-Ibáñez')).toBe('Jose Nunez-Ibanez');
    expect(fecText('Strauß Straße')).toBe('Strauss Strasse');
    expect(fecText('Łukasz Øberg Æsir')).toBe('Lukasz Oberg AEsir');
    expect(fecText('O’Brien “Jr.”')).toBe('O\'Brien "Jr."');
    expect(fecText('Ｆｕｌｌ width')).toBe('Full width');
  });

  it('turns what has no letters into spaces and keeps every result printable', () => {
    expect(fecText('Tab\there\u001cFS 🎉 end')).toBe('Tab here FS end');
    for (const s of ['北京', 'Ωmega', '\u0000\u007f', 'Zoë']) expect(isFecText(fecText(s))).toBe(true);
  });

  it('cuts to the field length', () => {
    expect(fecField('Ángela Maríá Rodríguez', 10)).toBe('Angela Mar');
    expect(fecField(null, 10)).toBe('');
  });
});
