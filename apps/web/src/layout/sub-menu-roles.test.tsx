import { Dropdown, Menu } from '@arco-design/web-react';
import { render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useSubMenuRoles } from './sub-menu-roles';

function Probe({ groups, collapse = false }: { groups: string[]; collapse?: boolean }) {
  const ref = useSubMenuRoles();
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  return (
    <Menu ref={ref} collapse={collapse} openKeys={openKeys} onClickSubMenu={(_k, keys) => setOpenKeys(keys)}>
      {groups.map((g) => (
        <Menu.SubMenu key={g} title={g}>
          <Menu.Item key={`${g}/a`}>{`${g} a`}</Menu.Item>
        </Menu.SubMenu>
      ))}
      <Menu.Item key="single">single</Menu.Item>
    </Menu>
  );
}

/** Every element that says it is expandable inside the menu has a role that may say so. */
function expandableWithoutRole(root: HTMLElement): Element[] {
  return [...root.querySelectorAll('[aria-expanded]')].filter((el) => !el.getAttribute('role'));
}

describe('sub-menu roles', () => {
  it('announces inline sub-menu headers as menu items and their items as groups', () => {
    const { container } = render(<Probe groups={['one', 'two']} />);
    const headers = container.querySelectorAll('.arco-menu-inline-header');
    expect(headers).toHaveLength(2);
    for (const header of headers) expect(header.getAttribute('role')).toBe('menuitem');
    for (const items of container.querySelectorAll('.arco-menu-inline-content')) expect(items.getAttribute('role')).toBe('group');
    expect(expandableWithoutRole(container)).toEqual([]);
  });

  it('labels sub-menus that appear later, and the collapsed menu\'s pop-up headers', async () => {
    const { container, rerender } = render(<Probe groups={['one']} />);
    rerender(<Probe groups={['one', 'two', 'three']} />);
    await waitFor(() => expect(container.querySelectorAll('.arco-menu-inline-header[role=menuitem]')).toHaveLength(3));
    rerender(<Probe groups={['one', 'two', 'three']} collapse />);
    await waitFor(() => expect(container.querySelectorAll('.arco-menu-pop-header[role=menuitem]')).toHaveLength(3));
    expect(expandableWithoutRole(container)).toEqual([]);
  });

  it("labels a pop-up sub-menu's header in a dropdown's menu", async () => {
    function InDropdown() {
      const ref = useSubMenuRoles();
      const menu = (
        <Menu ref={ref}>
          <Menu.SubMenu key="roles" title="roles">
            <Menu.Item key="a">a</Menu.Item>
          </Menu.SubMenu>
          <Menu.Item key="single">single</Menu.Item>
        </Menu>
      );
      return (
        <Dropdown droplist={menu} popupVisible>
          <button type="button">open</button>
        </Dropdown>
      );
    }
    render(<InDropdown />);
    await waitFor(() => expect(document.body.querySelectorAll('.arco-dropdown-menu-pop-header[role=menuitem]')).toHaveLength(1));
    expect(expandableWithoutRole(document.body)).toEqual([]);
  });
});
