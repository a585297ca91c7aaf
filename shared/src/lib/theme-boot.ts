import { THEME_STORAGE_KEY } from '@blogstream/shared/contract/browser';

/**
 * Runs inline in the shell page's <head>, before anything paints, so a reader who chose a theme
 * never sees the other one flash: it puts the kept choice on <html> as `data-theme` (the system's
 * preference needs no script, a media query follows it). The shell's index.html carries exactly
 * this text (index-html.test.ts) and the server's Content-Security-Policy allows it by its hash.
 */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`;
