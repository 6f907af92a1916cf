import { Avatar, Card, Empty, List, Skeleton } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n';
import { teamsQuery } from '../api/user-info-queries';

/** 我的团队 (my teams). */
export function MyTeams() {
  const t = useT();
  const teams = useQuery(teamsQuery());
  const list = teams.data ?? [];
  return (
    <Card bordered={false} title={t('userInfo.title.myTeam')}>
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
                avatar={<Avatar size={40}>{team.avatar ? <img src={team.avatar} alt="" /> : team.name.slice(0, 1)}</Avatar>}
                title={team.name}
                description={t('userInfo.teamMembers', { n: team.peopleNumber })}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
