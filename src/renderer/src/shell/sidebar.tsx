// The left sidebar: search everything, the seven collections, then drafts, suggestions and connections;
// collapsible to its icons (each keeps its name for assistive technology), and the shortcut sheet.
import {
  Keyboard,
  PanelLeftClose,
  PanelLeftOpen,
  Search,
  Building2,
  DoorOpen,
  FileText,
  FilePen,
  Inbox,
  Plug,
  Receipt,
  ScrollText,
  Users,
  Wrench,
  House,
  TrendingUp,
  LayoutDashboard,
  Sun,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Collection } from '../../../shared/service/collections';
import { ALL_COLLECTIONS, COLLECTION_LABELS, formatRoute } from '../router/routes';
import type { Route } from '../router/routes';
import { PendingBadge } from '../features/suggestions/pending-badge';
import { SidebarSearch } from '../features/search/sidebar-search';
import { openShortcutSheet } from '../features/shortcuts/shortcut-sheet';
import { modKey } from '../features/shortcuts/platform-keys';
import { useSidebarCollapsed } from './sidebar-state';

const ICONS: Record<Collection, LucideIcon> = {
  properties: Building2,
  units: DoorOpen,
  tenants: Users,
  leases: ScrollText,
  payments: Receipt,
  maintenance_requests: Wrench,
  documents: FileText,
};

function NavLink({
  route,
  current,
  icon: Icon,
  label,
  badge,
}: {
  route: Route;
  current: boolean;
  icon: LucideIcon;
  label: string;
  badge?: ReactNode;
}) {
  return (
    <a className="nav-link" href={formatRoute(route)} aria-current={current ? 'page' : undefined}>
      <Icon size={15} aria-hidden />
      <span className="nav-label">{label}</span>
      {badge}
    </a>
  );
}

function openPalette(): void {
  window.dispatchEvent(new CustomEvent('propdesk:palette'));
}

export function Sidebar({ route }: { route: Route }) {
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const mod = modKey();
  return (
    <nav className={collapsed ? 'sidebar collapsed' : 'sidebar'} aria-label="Main">
      <div className="brand">
        <House size={18} aria-hidden />
        <span className="nav-label">PropDesk</span>
        <button
          type="button"
          className="btn icon ghost sidebar-toggle"
          aria-label={collapsed ? 'Show the sidebar’s names' : 'Collapse the sidebar'}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed(!collapsed)}
        >
          {collapsed ? <PanelLeftOpen size={15} aria-hidden /> : <PanelLeftClose size={15} aria-hidden />}
        </button>
      </div>
      {collapsed ? (
        <button
          type="button"
          className="nav-link"
          aria-label="Search everything"
          aria-keyshortcuts={mod === '⌘' ? 'Meta+K' : 'Control+K'}
          onClick={openPalette}
        >
          <Search size={15} aria-hidden />
        </button>
      ) : (
        <div className="side-search-row">
          <SidebarSearch />
          <kbd className="kbd-hint" title="Search everything in a box of its own">
            {mod === '⌘' ? '⌘K' : 'Ctrl K'}
          </kbd>
        </div>
      )}
      <div className="nav-group">
        <NavLink route={{ view: 'today' }} current={route.view === 'today'} icon={Sun} label="Today" />
      </div>
      <div className="nav-group">
        <div className="nav-title" id="nav-records">
          Records
        </div>
        {ALL_COLLECTIONS.map((c) => (
          <NavLink
            key={c}
            route={{ view: 'collection', collection: c, query: {} }}
            current={route.view === 'collection' && route.collection === c}
            icon={ICONS[c]}
            label={COLLECTION_LABELS[c]}
          />
        ))}
      </div>
      <div className="nav-group">
        <div className="nav-title">Work</div>
        <NavLink
          route={{ view: 'portfolio', tab: 'overview' }}
          current={route.view === 'portfolio'}
          icon={LayoutDashboard}
          label="Portfolio"
        />
        <NavLink route={{ view: 'drafts' }} current={route.view === 'drafts'} icon={FilePen} label="Drafts" />
        <NavLink
          route={{ view: 'rent-review' }}
          current={route.view === 'rent-review'}
          icon={TrendingUp}
          label="Rent review"
        />
        <NavLink
          route={{ view: 'suggestions', query: {} }}
          current={route.view === 'suggestions'}
          icon={Inbox}
          label="Suggestions"
          badge={<PendingBadge />}
        />
      </div>
      <div className="nav-group">
        <div className="nav-title">Settings</div>
        <NavLink
          route={{ view: 'connections' }}
          current={route.view === 'connections'}
          icon={Plug}
          label="Connections"
        />
        <button type="button" className="nav-link" aria-keyshortcuts="Shift+?" onClick={openShortcutSheet}>
          <Keyboard size={15} aria-hidden />
          <span className="nav-label">Keyboard shortcuts</span>
          {collapsed ? null : <kbd className="kbd-hint">?</kbd>}
        </button>
      </div>
    </nav>
  );
}
