// The async boundary lets Module Federation negotiate shared singletons before React starts.
import('./bootstrap');
