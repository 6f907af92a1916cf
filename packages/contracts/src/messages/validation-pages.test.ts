import { describe, expect, it } from 'vitest';
import { certificationApplyBodySchema, saveInfoBodySchema } from '../calls/user-setting.ts';
import { expectTranslated, issues } from './validation-test-kit.ts';
import { validationPagesMessages } from './validation-pages.ts';
import { sliceDefs } from '../slices.ts';

describe('page validation messages', () => {
  it('has the same keys in both languages', () => {
    expect(Object.keys(validationPagesMessages['en-US']).sort()).toEqual(Object.keys(validationPagesMessages['zh-CN']).sort());
    for (const { name, validationMessages: texts } of sliceDefs) {
      if (texts) expect([name, Object.keys(texts['en-US']).sort()]).toEqual([name, Object.keys(texts['zh-CN']).sort()]);
    }
  });

  it('user setting and certification forms', () => {
    const save = { email: 'a@example.com', nickname: 'Ann', countryRegion: 'china', area: ['11', '1101', '110101'], address: '', profile: '' };
    expect(saveInfoBodySchema.safeParse(save).success).toBe(true);
    const found = issues(saveInfoBodySchema, { email: 'nope', nickname: '', countryRegion: 'mars', area: [], profile: 'x'.repeat(201) });
    expect(found).toEqual({
      email: 'userSetting.form.error.email.format',
      nickname: 'userSetting.form.error.nickname.required',
      countryRegion: 'userSetting.form.error.countryRegion.required',
      area: 'userSetting.form.error.area.required',
      profile: 'userSetting.form.error.profile.maxLength',
    });
    expectTranslated(Object.values(found));
    const apply = { enterpriseName: 'Acme', enterpriseCertificateType: 'businessLicense', organizationCode: '91110000600037341l', legalPerson: '李雷', certificateType: 'idCard', authenticationNumber: '11010519491231002X' };
    expect(certificationApplyBodySchema.parse(apply).organizationCode).toBe('91110000600037341L');
    const badApply = issues(certificationApplyBodySchema, { ...apply, organizationCode: 'I1110000600037341L', authenticationNumber: '123' });
    expect(badApply).toEqual({
      organizationCode: 'userSetting.certification.error.organizationCode.pattern',
      authenticationNumber: 'userSetting.certification.error.authenticationNumber.pattern',
    });
    expectTranslated(Object.values(badApply));
  });
});
