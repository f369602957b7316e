// Standalone development entry; in the product the shell loads ./App through federation.
import('./bootstrap');
