import { Result, Typography } from 'antd';

/** A menu names a component key the client does not know yet: say so instead of failing. */
export function UnderConstruction({ componentKey }: { componentKey: string }) {
  return (
    <Result
      status="info"
      title="页面建设中"
      subTitle={
        <>
          组件 <Typography.Text code>{componentKey || '（未填写）'}</Typography.Text> 尚未提供，请检查菜单的组件路径
        </>
      }
    />
  );
}
