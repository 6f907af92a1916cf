import { Badge, Button } from '@arco-design/web-react';
import { IconCheckSquare } from '@arco-design/web-react/icon';
import { approvalsRoute } from '@atrium/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { HoverTip } from '../components/hover-tip';
import { approvalsCountQuery } from '../lib/approvals';
import { useT } from '../lib/i18n';
import styles from './message-box.module.css';

const POLL_MS = 60_000;

/**
 * 待我审批 in the navbar, beside the message box (in a product whose resources have approvals): how many
 * records await the caller ("99+" past 99), a way to the page. The count asks again after every transition
 * (its key is the list's, lib/approvals.ts), when the window comes back into focus, and every 60 s while the
 * tab is visible.
 */
export function ApprovalsBadge() {
  const t = useT();
  const navigate = useNavigate();
  const count = useQuery({ ...approvalsCountQuery(), refetchOnWindowFocus: true, refetchInterval: POLL_MS, refetchIntervalInBackground: false }).data?.count ?? 0;
  const shown = count > 99 ? '99+' : String(count);
  const label = count > 0 ? t('navbar.approvals.count', { count: shown }) : t('navbar.approvals');
  return (
    <span className={styles.bell}>
      <HoverTip content={t('navbar.approvals')} position="bottom">
        <Badge count={count} maxCount={99} dot={false}>
          <Button shape="circle" type="secondary" icon={<IconCheckSquare />} aria-label={label} data-testid="approvals-badge" onClick={() => navigate(approvalsRoute.path)} />
        </Badge>
      </HoverTip>
    </span>
  );
}
