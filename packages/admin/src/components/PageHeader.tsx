import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page's title with its main actions on the right. */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
}
