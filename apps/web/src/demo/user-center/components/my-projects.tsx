import { Avatar, Card, Empty, Grid, Link, Skeleton, Tooltip } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { projectsQuery } from '../api/user-center-queries';
import styles from '../user-center.module.css';
import { InitialAvatar } from '../../../components/initial-avatar';

const { Row, Col } = Grid;
const SHOWN = 6;

/** 我的项目 (my projects): six small cards, all of them on 查看更多. */
export function MyProjects() {
  const t = useT();
  const projects = useQuery(projectsQuery());
  const [all, setAll] = useState(false);
  const list = projects.data ?? [];
  const shown = all ? list : list.slice(0, SHOWN);
  return (
    <Card
      bordered={false}
      title={t('userCenter.title.myProject')}
      extra={list.length > SHOWN ? <Link onClick={() => setAll(!all)}>{t(all ? 'userCenter.collapse' : 'userCenter.showMore')}</Link> : null}
    >
      {projects.isLoading ? (
        <Row gutter={[16, 16]}>
          {Array.from({ length: SHOWN }, (_, i) => (
            <Col key={i} xs={24} sm={12} xl={8}>
              <Card className={styles.project}>
                <Skeleton text={{ rows: 3 }} animation />
              </Card>
            </Col>
          ))}
        </Row>
      ) : shown.length === 0 ? (
        <Empty description={t('userInfo.nodata')} />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((project) => (
            <Col key={project.id} xs={24} sm={12} xl={8}>
              <Card className={styles.project}>
                <div className={styles.projectName}>{project.name}</div>
                <div className={styles.projectDescription}>{project.description}</div>
                <div className={styles.projectPeople}>
                  <Avatar.Group size={24} maxCount={3} maxStyle={{ backgroundColor: '#4e5969', color: '#fff' }}>
                    {project.contributors.map((c) => (
                      <Tooltip key={c.email || c.name} content={c.name}>
                        <InitialAvatar size={24} name={c.name} src={c.avatar} />
                      </Tooltip>
                    ))}
                  </Avatar.Group>
                  <span className={styles.muted}>{t('userCenter.peopleNumber', { n: project.peopleNumber })}</span>
                </div>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
