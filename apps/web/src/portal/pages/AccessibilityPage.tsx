import { usePageTitle } from '../content/usePageTitle';
import { careShortcuts, menubarKeys } from '../care/shortcuts';
import { useMemberDialogs } from '../member/MemberDialogs';
import { useSiteInfo } from '../layout/useSiteInfo';
import styles from '../care/statement.module.css';

/**
 * 无障碍声明: what the site does for visitors with disabilities and older visitors (关怀版 and its
 * shortcuts, the standards it is built to), and how to report a barrier.
 */
export function AccessibilityPage() {
  usePageTitle('无障碍声明');
  const site = useSiteInfo().data;
  const { openSuggestion } = useMemberDialogs();
  return (
    <article className={styles.statement}>
      <h1>无障碍声明</h1>
      <p>
        {site?.Name ?? '本协会'}
        致力于让所有访客，包括老年人和残障人士，都能方便地获取本网站的信息与服务。本网站参照《互联网网站适老化通用设计规范》（工业和信息化部，2021年）、GB/T
        37668-2019《信息技术 互联网内容无障碍可访问性技术要求与测试方法》及 WCAG 2.1 AA 级要求进行设计与检测。
      </p>

      <h2>关怀版</h2>
      <p>点击页面顶部的“关怀版”即可进入，设置保存在本浏览器中，下次访问自动生效。关怀版提供：</p>
      <ul>
        <li>文字放大：开启即为标准大小的 150%，可在五档之间调整，最大为 200%，页面布局随之调整，不出现横向滚动；</li>
        <li>行距调整：标准、较宽、最宽三档；</li>
        <li>配色：标准、高对比（黑底黄字）和反色，均满足对比度要求；</li>
        <li>大鼠标指针与阅读线（十字线），便于定位当前阅读位置；</li>
        <li>朗读：使用浏览器自带的语音朗读所选文字或本页内容（需浏览器支持语音合成）；</li>
        <li>简约模式：不显示轮播图、动画和弹出窗口，只保留文字内容。</li>
      </ul>
      <p>页面顶部的“尺寸”可在中等、较小、迷你之间切换整站的文字与控件大小；开启关怀版后以关怀版的文字大小为准。</p>
      <p>如果您在操作系统中开启了“减少动态效果”，本网站将不自动轮播图片，友情链接不再滚动，对话框、菜单、日期选择和提示信息直接出现和关闭，不再缩放或滑动。</p>

      <h2>键盘操作</h2>
      <p>全站均可仅用键盘操作：Tab 键在链接与按钮间依次移动，当前位置有明显的焦点框；每页开头的“跳到主要内容”可直接跳过页头与导航。关怀版快捷键如下：</p>
      <table className={styles.shortcuts}>
        <caption>关怀版快捷键</caption>
        <thead>
          <tr>
            <th scope="col">快捷键</th>
            <th scope="col">功能</th>
          </tr>
        </thead>
        <tbody>
          {careShortcuts.map((s) => (
            <tr key={s.code}>
              <td>
                <kbd>Alt</kbd> + <kbd>Shift</kbd> + <kbd>{s.key}</kbd>
              </td>
              <td>{s.label}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <p>页面顶部的栏目导航可用方向键操作：</p>
      <table className={styles.shortcuts}>
        <caption>栏目导航按键</caption>
        <thead>
          <tr>
            <th scope="col">按键</th>
            <th scope="col">功能</th>
          </tr>
        </thead>
        <tbody>
          {menubarKeys.map((k) => (
            <tr key={k.label}>
              <td>
                {k.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && ' / '}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{k.label}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>反馈无障碍问题</h2>
      <p>如果您在使用本网站时遇到任何障碍，请告诉我们您访问的页面和遇到的问题，我们将在 5 个工作日内答复并改进：</p>
      <ul>
        <li>电话：{site?.Phone}</li>
        <li>电子邮箱：{site?.Email && <a href={`mailto:${site.Email}?subject=${encodeURIComponent('无障碍问题反馈')}`}>{site.Email}</a>}</li>
        <li>
          在线留言：
          <button type="button" className={styles.inlineButton} onClick={openSuggestion}>
            打开建议箱
          </button>
        </li>
      </ul>
    </article>
  );
}
