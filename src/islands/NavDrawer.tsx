import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { SvgIcon } from './shared/SvgIcon.tsx';

interface Props {
  labels: { open: string; close: string; menu: string };
  /** The side menu, rendered by Astro (components/SideNav.astro) and passed in as static HTML. */
  children?: ReactNode;
}

/**
 * Spec §2: on small screens a hamburger opens a drawer from the start edge (400 px)
 * with the side menu; it closes after each navigation, on Escape and on a click outside.
 * A modal <dialog> gives focus containment and an inert page for free.
 */
export default function NavDrawer({ labels, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) setOpen(false);
  };
  // The "after navigation" callback of spec §2: a followed link closes the drawer.
  const closeOnNavigation = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        className="icon-btn -ms-2"
        aria-label={labels.open}
        aria-expanded={open}
        aria-controls="nav-drawer"
        onClick={() => setOpen(true)}
      >
        <SvgIcon name="menu" className="size-6" />
      </button>
      <dialog
        id="nav-drawer"
        ref={dialog}
        aria-label={labels.menu}
        className="nav-drawer"
        onClose={() => setOpen(false)}
        onClick={closeOnBackdrop}
      >
        <div className="flex h-full flex-col gap-4 p-4">
          <div className="flex justify-end">
            <button type="button" className="icon-btn" aria-label={labels.close} onClick={() => setOpen(false)}>
              <SvgIcon name="close" className="size-6" />
            </button>
          </div>
          <div onClick={closeOnNavigation}>{children}</div>
        </div>
      </dialog>
    </>
  );
}
