import type { UserInfo } from '@atrium/contracts/calls/auth';
import type { Certification, CertificationApply, CertificationRecord, SaveInfo } from '@atrium/contracts/calls/user-setting';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Calls of the user setting page; every one concerns the caller's own account. */
export const certificationKey = ['user', 'certification'] as const;

export const certificationQuery = () => queryOptions({ queryKey: certificationKey, queryFn: () => api.get<Certification>('/api/user/certification', { cache: false }) });

export function uploadAvatar(file: File, onProgress: (percent: number) => void, signal: AbortSignal) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<{ url: string }>('/api/user/upload', form, { onProgress, signal });
}

export const saveInfo = (body: SaveInfo) => api.post<UserInfo>('/api/user/save-info', body, { cache: false });
export const changePassword = (oldPassword: string, newPassword: string) => api.post<null>('/api/user/change-password', { oldPassword, newPassword }, { cache: false });
export const setSecurityQuestion = (question: string, answer: string) => api.post<null>('/api/user/security-question', { question, answer }, { cache: false });
export const sendPhoneCode = (tel: string) => api.post<{ ttl: number; resendAfter: number }>('/api/user/phone/code', { tel }, { cache: false });
export const bindPhone = (tel: string, code: string) => api.post<UserInfo>('/api/user/phone', { tel, code }, { cache: false });
export const applyCertification = (body: CertificationApply) => api.post<CertificationRecord>('/api/user/certification/apply', body, { cache: false });
export const withdrawCertification = (id: number) => api.post<CertificationRecord>(`/api/user/certification/${id}/withdraw`, undefined, { cache: false });
