import { describe, expect, it } from 'vitest';
import { splitUniversity } from './TeamCarousel';

describe('splitUniversity (spec 2: the university line splits at the dash)', () => {
  it('splits institution and department', () => {
    expect(splitUniversity('United Arab Emirates University - College of Engineering')).toEqual(['United Arab Emirates University', 'College of Engineering']);
    expect(splitUniversity('جامعة الإمارات العربية المتحدة - كلية الهندسة')).toEqual(['جامعة الإمارات العربية المتحدة', 'كلية الهندسة']);
  });
  it('keeps hyphenated names whole and accepts an en dash', () => {
    expect(splitUniversity('Al-Ain University')).toEqual(['Al-Ain University', null]);
    expect(splitUniversity('Khalifa University – Department of Physics')).toEqual(['Khalifa University', 'Department of Physics']);
  });
});
