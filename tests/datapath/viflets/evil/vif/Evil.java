// A user class in package vif: the loader must refuse it.
package vif;

public class Evil extends VIFlet {
    public Evil() {
    }
}
