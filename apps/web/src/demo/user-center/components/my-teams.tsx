import { Card, Empty, List, Skeleton } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n';
import { teamsQuery } from '../api/user-center-queries';
import { InitialAvatar } from '../../../components/initial-avatar';

/** 我的团队 (my teams). */
export function MyTeams() {
  const t = useT();
  const teams = useQuery(teamsQuery());
  const list = teams.data ?? [];
  return (
    <Card bordered={false} title={t('userCenter.title.myTeam')}>
      {teams.isLoading ? (
        <Skeleton text={{ rows: 4 }} image={{ shape: 'circle' }} animation />
      ) : list.length === 0 ? (
        <Empty description={t('userInfo.nodata')} />
      ) : (
        <List
          bordered={false}
          split={false}
          dataSource={list}
          render={(team) => (
            <List.Item key={team.id}>
              <List.Item.Meta
                avatar={<InitialAvatar size={40} name={team.name} src={team.avatar} />}
                title={team.name}
                description={t('userCenter.teamMembers', { n: team.peopleNumber })}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
